module spmdvet.test

go 1.26.0
