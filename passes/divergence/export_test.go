package divergence

// CrashForTest makes the analysis of package path panic, until restore.
func CrashForTest(path string) (restore func()) {
	crashForTest = path
	return func() { crashForTest = "" }
}
