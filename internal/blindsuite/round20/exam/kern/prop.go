package kern

import "github.com/spmdvet/spmdvet/spmd"

// ---- Propagation through SSA instructions ----

// PosBinOp / NegBinOp: BinOp.
func PosBinOp(l spmd.Lane) {
	x := l.Index()*2 + 1
	if x > 4 {
		l.Barrier() // EXPECT
	}
}

func NegBinOp(l spmd.Lane) {
	x := l.Count()*2 + 1
	if x > 4 {
		l.Barrier()
	}
	Out[l.Index()] = x
}

// PosUnOp / NegUnOp: UnOp (negation).
func PosUnOp(l spmd.Lane) {
	x := -l.Index()
	if x < -1 {
		l.Barrier() // EXPECT
	}
}

func NegUnOp(l spmd.Lane) {
	x := -l.Count()
	if x < -1 {
		l.Barrier()
	}
	Out[l.Index()] = x
}

// PosUnOpNot / NegUnOpNot: UnOp (logical not).
func PosUnOpNot(l spmd.Lane) {
	b := !(l.Index() < 2)
	if b {
		l.Barrier() // EXPECT
	}
}

func NegUnOpNot(l spmd.Lane) {
	b := !(l.Count() < 2)
	if b {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// PosConvert / NegConvert: Convert.
func PosConvert(l spmd.Lane) {
	f := float64(l.Index())
	if f > 1.5 {
		l.Barrier() // EXPECT
	}
}

func NegConvert(l spmd.Lane) {
	f := float64(l.Count())
	if f > 1.5 {
		l.Barrier()
	}
	Out[l.Index()] = int(f)
}

// Small has int as underlying type, so Small(x) is a ChangeType.
type Small int

// PosChangeType / NegChangeType: ChangeType.
func PosChangeType(l spmd.Lane) {
	s := Small(l.Index())
	if s > 1 {
		l.Barrier() // EXPECT
	}
}

func NegChangeType(l spmd.Lane) {
	s := Small(l.Count())
	if s > 1 {
		l.Barrier()
	}
	Out[l.Index()] = int(s)
}

// PosMakeInterface / NegMakeInterface: MakeInterface.
func PosMakeInterface(l spmd.Lane) {
	var v any = l.Index()
	if v == any(1) {
		l.Barrier() // EXPECT
	}
}

func NegMakeInterface(l spmd.Lane) {
	var v any = l.Count()
	if v == any(4) {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

func divmod(a, b int) (int, int) { return a / b, a % b }

// PosExtract / NegExtract: Extract from a tuple.
func PosExtract(l spmd.Lane) {
	_, r := divmod(l.Index(), 2)
	if r == 1 {
		l.Barrier() // EXPECT
	}
}

func NegExtract(l spmd.Lane) {
	_, r := divmod(l.Count(), 3)
	if r == 1 {
		l.Barrier()
	}
	Out[l.Index()] = r
}

func table() [8]int { return [8]int{0, 1, 0, 1, 0, 1, 0, 1} }

// PosIndex / NegIndex: Index of an array value.
func PosIndex(l spmd.Lane) {
	v := table()[l.Index()]
	if v == 1 {
		l.Barrier() // EXPECT
	}
}

func NegIndex(l spmd.Lane) {
	v := table()[l.Count()-1]
	if v == 1 {
		l.Barrier()
	}
	Out[l.Index()] = v
}

// PosIndexString / NegIndexString: Index of a string.
func PosIndexString(l spmd.Lane) {
	c := Word[l.Index()]
	if c == 'x' {
		l.Barrier() // EXPECT
	}
}

func NegIndexString(l spmd.Lane) {
	c := Word[l.Count()-1]
	if c == 'x' {
		l.Barrier()
	}
	Out[l.Index()] = int(c)
}

type pair struct{ A, B int }

func mkPair(x int) pair { return pair{x, 1} }

// PosField / NegField: Field of a struct value.
func PosField(l spmd.Lane) {
	p := mkPair(l.Index())
	if p.A > 1 {
		l.Barrier() // EXPECT
	}
}

func NegField(l spmd.Lane) {
	p := mkPair(l.Count())
	if p.A > 1 {
		l.Barrier()
	}
	Out[l.Index()] = p.A
}

// PosIndexAddr / NegIndexAddr: IndexAddr into the kernel's own slice literal.
func PosIndexAddr(l spmd.Lane) {
	s := []int{0, 1, 0, 1, 0, 1, 0, 1}
	if s[l.Index()] == 1 {
		l.Barrier() // EXPECT
	}
}

func NegIndexAddr(l spmd.Lane) {
	s := []int{0, 1, 0, 1, 0, 1, 0, 1}
	if s[l.Count()-1] == 1 {
		l.Barrier()
	}
	Out[l.Index()] = s[1]
}

// PosFieldAddr / NegFieldAddr: FieldAddr through a pointer into shared memory.
func PosFieldAddr(l spmd.Lane) {
	p := &Pts[l.Index()]
	if p.X > 0 {
		l.Barrier() // EXPECT
	}
}

func NegFieldAddr(l spmd.Lane) {
	p := &Pts[1]
	if p.X > 0 {
		l.Barrier()
	}
	Out[l.Index()] = p.X
}

// PosSlice / NegSlice: Slice.
func PosSlice(l spmd.Lane) {
	s := Table[l.Index():]
	if len(s) > 14 {
		l.Barrier() // EXPECT
	}
}

func NegSlice(l spmd.Lane) {
	s := Table[l.Count():]
	if len(s) > 10 {
		l.Barrier()
	}
	Out[l.Index()] = len(s)
}

// PosLookup / NegLookup: Lookup in a map.
func PosLookup(l spmd.Lane) {
	v := M[l.Index()]
	if v > 11 {
		l.Barrier() // EXPECT
	}
}

func NegLookup(l spmd.Lane) {
	v := M[l.Count()]
	if v > 11 {
		l.Barrier()
	}
	Out[l.Index()] = v
}

// PosLookupCommaOk / NegLookupCommaOk: Lookup with comma-ok, then Extract.
func PosLookupCommaOk(l spmd.Lane) {
	_, ok := M2[l.Index()]
	if ok {
		l.Barrier() // EXPECT
	}
}

func NegLookupCommaOk(l spmd.Lane) {
	_, ok := M2[3]
	if ok {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// PosTypeAssert / NegTypeAssert: TypeAssert (comma-ok).
func PosTypeAssert(l spmd.Lane) {
	_, ok := Ifaces[l.Index()].(int)
	if ok {
		l.Barrier() // EXPECT
	}
}

func NegTypeAssert(l spmd.Lane) {
	_, ok := Ifaces[0].(int)
	if ok {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// PosTypeAssertValue / NegTypeAssertValue: TypeAssert (value form).
func PosTypeAssertValue(l spmd.Lane) {
	n := Ifaces[l.Index()*2].(int)
	if n > 2 {
		l.Barrier() // EXPECT
	}
}

func NegTypeAssertValue(l spmd.Lane) {
	n := Ifaces[4].(int)
	if n > 2 {
		l.Barrier()
	}
	Out[l.Index()] = n
}

// PosRangeString / NegRangeString: Range/Next over a string.
func PosRangeString(l spmd.Lane) {
	for _, c := range Words[l.Index()] {
		if c == 'x' {
			l.Barrier() // EXPECT
		}
	}
}

func NegRangeString(l spmd.Lane) {
	n := 0
	for _, c := range Word {
		if c == 'x' {
			l.Barrier()
			n++
		}
	}
	Out[l.Index()] = n
}

// PosSelect: Select on a per-lane channel.
func PosSelect(l spmd.Lane) {
	x := -1
	select {
	case v := <-Chans[l.Index()]:
		x = v
	default:
	}
	if x > 0 {
		l.Barrier() // EXPECT
	}
}

// NegSelect: the Select's outcome does not feed the barrier; the arms rejoin.
func NegSelect(l spmd.Lane) {
	x := -1
	select {
	case v := <-Chans[l.Index()]:
		x = v
	default:
	}
	l.Barrier()
	Out[l.Index()] = x
}

// PosRecv: UnOp receive from a per-lane channel.
func PosRecv(l spmd.Lane) {
	v := <-Chans[l.Index()]
	if v > 0 {
		l.Barrier() // EXPECT
	}
}

// PosPhi / NegPhi: Phi at the join of a divergent branch.
func PosPhi(l spmd.Lane) {
	x := 0
	if l.Index() < 2 {
		x = 1
	}
	if x == 1 {
		l.Barrier() // EXPECT
	}
}

func NegPhi(l spmd.Lane) {
	x := 0
	if l.Count() > 2 {
		x = 1
	}
	if x == 1 {
		l.Barrier()
	}
	Out[l.Index()] = x
}

func isOdd(x int) bool { return x%2 == 1 }

// PosCall / NegCall: Call of a static callee.
func PosCall(l spmd.Lane) {
	if isOdd(l.Index()) {
		l.Barrier() // EXPECT
	}
}

func NegCall(l spmd.Lane) {
	if isOdd(l.Count() + 1) {
		l.Barrier()
	}
	Out[l.Index()] = 1
}

// PosMakeClosure / NegMakeClosure: free variables of a MakeClosure.
func PosMakeClosure(l spmd.Lane) {
	x := l.Index()
	small := func() bool { return x < 2 }
	if small() {
		l.Barrier() // EXPECT
	}
}

func NegMakeClosure(l spmd.Lane) {
	x := l.Count()
	big := func() bool { return x > 2 }
	if big() {
		l.Barrier()
	}
	Out[l.Index()] = x
}
