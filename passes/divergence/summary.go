package divergence

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
)

// A Summary describes what calling a function means for uniformity. It comes
// from the function's //spmd: directives, or is inferred from its body, and
// is exported as a fact so that callers in other packages apply it.
type Summary struct {
	// Declared by directives.

	// LaneID: the results are sources of divergence.
	LaneID bool
	// Uniform: the results are uniform whatever the arguments.
	Uniform bool
	// UniformIf: the results are uniform exactly when these parameters are
	// (indices into the signature's parameters, receiver first).
	UniformIf []int
	// Divergent: the results are divergent whatever the arguments.
	Divergent bool
	// Kernel: the function is a kernel entry; its parameters are uniform.
	Kernel bool
	// KernelParams: these parameters take kernel entries.
	KernelParams []int

	// Declared, or inferred: the function reaches a convergent operation.

	// Convergent: a call is a convergent operation, so it must run under
	// uniform control.
	Convergent bool
	// Barrier: the convergent operation is (or reaches) a barrier, so
	// divergence at it deadlocks rather than computes with the wrong lanes.
	Barrier bool
	// Reaches says, for an inferred summary, through which calls the
	// function reaches a convergent operation, outermost first: the call
	// in its own body, then the one in that callee's body, and so on down
	// to the operation.
	Reaches []Step

	// Inferred from the body.

	// Inferred: the fields below describe the body; a declared summary has
	// none of them.
	Inferred bool
	// Opaque: the body is not known, and the fields below only bound what
	// it may do (see opaqueSummary). Never exported.
	Opaque bool
	// Results says, per result, when it is divergent.
	Results []Dependence
	// ResultContents says, per result, when memory that the function
	// allocated and returns there holds divergent values; nil if no
	// result points to memory.
	ResultContents []Dependence
	// ResultFields says, per result that points to a struct the function
	// allocated with its fields told apart, when each field holds
	// divergent values (a constructor that stores the lane's index in one
	// field of the handle it returns); nil where not known field by field.
	ResultFields [][]Dependence
	// ResultValueFields says, per result that is a struct (returned by
	// value), when each of its fields is divergent: g.At(off) returns a
	// copy of g whose offset depends on off and whose width does not. Nil
	// where not known field by field.
	ResultValueFields [][]Dependence
	// Requires lists the inputs that must be uniform, and why.
	Requires []Requirement
	// Effects lists, per input that points to memory, when the call may
	// leave divergent values there.
	Effects []Effect
	// StoresFresh lists the inputs in whose memory the function may store
	// pointers to memory it allocated (an append to a slice field): what
	// those pointers point to afterwards is the calling lane's own.
	StoresFresh []int
	// CallsInputs lists the inputs that are functions the body calls (or,
	// for Contents, variables holding functions it calls): a call passing a
	// convergent function there is convergent.
	CallsInputs []Input
	// CallControl says, for each of CallsInputs, when the body calls it
	// under divergent control: how often or whether it calls a callback.
	CallControl []Dependence
	// CallControlFixed, if set, is CallControl for a callback whose
	// results do not depend on the arguments it is given (a loop body
	// that never breaks on its values): then lane-dependent arguments
	// cannot decide, through what it returns, whether it is called again.
	CallControlFixed []Dependence
	// CallArgs says, for each of CallsInputs, when the body passes it a
	// divergent argument: the values an iterator yields.
	CallArgs []Dependence
	// CallsOnce lists the inputs of CallsInputs that a call calls at most
	// once: from one place, outside any loop.
	CallsOnce []Input
	// ReturnsConvergent, if set, describes a convergent function that the
	// function may return: calling the result is a convergent operation.
	ReturnsConvergent *Summary
	// ReturnsUnknownFuncs: a function the function returns, or memory it
	// returns, may be or hold functions it got from where the summary
	// cannot say, so a caller cannot know them. Functions its parameters
	// give are the caller's to see.
	ReturnsUnknownFuncs bool
	// EndsLane: the function never returns, and ends the calling lane on
	// some path (runtime.Goexit, here or in a callee): a call of it ends the
	// lane as a return of the kernel would.
	EndsLane bool
	// ReturnedResults says when a function the function returns returns
	// lane-dependent values (given uniform arguments).
	ReturnedResults Dependence
	// ReturnedBodyControl says when a function the function returns calls
	// its first parameter under divergent control: for an iterator, when
	// the loop over it runs its body under divergent control.
	ReturnedBodyControl Dependence
	// ReturnedBodyControlFixed, if set, is ReturnedBodyControl for a body
	// whose results do not depend on its arguments (see CallControlFixed).
	ReturnedBodyControlFixed *Dependence
	// ReturnedBodyArgs says when a function the function returns passes
	// its first parameter divergent arguments: an iterator that yields
	// lane-dependent values.
	ReturnedBodyArgs Dependence
	// ReturnedBodyOnce: a function the function returns calls its first
	// parameter at most once (an iterator that yields once).
	ReturnedBodyOnce bool
	// ReturnedNoWrites: every function the function returns is known (a
	// literal or function it names, with a summary) and writes no memory
	// it can reach from what it captured (an iterator over a container):
	// calling one leaves the caller's memory alone, but for what the
	// function it is given does; and ReturnedBodyControl says all there is
	// about how often one calls its body.
	ReturnedNoWrites bool

	// The fields above take the memory that the inputs SharedInputs point
	// to as shared by all lanes, as a kernel's is, and so the memory that
	// pointers held in the memory of inputs DeepInputs point to (a
	// captured pointer variable). Private, if set, is the summary for a
	// call that passes the calling lane's own memory there instead: then
	// the function's writes to it can make it lane-dependent.
	SharedInputs []int
	DeepInputs   []int
	Private      *Summary
	// OwnMemory marks a summary that is another's Private.
	OwnMemory bool

	// TypeParamCalls lists the methods of the function's type parameters,
	// or of its parameters of interface type, that its body calls and that
	// some implementation makes convergent. Plain, if set, is the summary
	// for type arguments, or dynamic types, whose methods there are not
	// convergent (a no-op Syncer): the body is analyzed once for all of
	// them, so this one bounds the others.
	TypeParamCalls []TypeParamCall
	Plain          *Summary
}

// A TypeParamCall is a call of method Method of the function's type
// parameter Param (an index into its type parameters), or with Value, of
// its parameter Param (receiver first), an interface value.
type TypeParamCall struct {
	Param  int
	Method string
	Value  bool
}

func (c TypeParamCall) String() string {
	if c.Value {
		return fmt.Sprintf("p%d.%s", c.Param, c.Method)
	}
	return fmt.Sprintf("%d.%s", c.Param, c.Method)
}

// laneDependent reports whether what s describes differs between lanes
// whatever its inputs: a result, what it writes, or a convergent operation.
func (s *Summary) laneDependent() bool {
	if s == nil {
		return false
	}
	always := func(ds []Dependence) bool {
		return slices.ContainsFunc(ds, func(d Dependence) bool { return d.Always })
	}
	return s.LaneID || s.Divergent || s.Convergent || always(s.Results) || always(s.ResultContents) ||
		slices.ContainsFunc(s.Effects, func(e Effect) bool { return e.When.Always }) || s.Private.laneDependent()
}

// ownMemoryNote qualifies what a Private summary says.
func (s *Summary) ownMemoryNote() string {
	if s.OwnMemory {
		return " when given memory of this lane alone"
	}
	return ""
}

func (*Summary) AFact() {}

// An Input is something a caller supplies: the value of a parameter
// (receiver first, then the captured variables of a closure), or the
// contents of the memory it points to.
type Input struct {
	Index    int
	Contents bool
	// Deep, with Contents: the memory that the pointer held in the
	// input's memory points to, as for a captured pointer variable (go/ssa
	// captures variables by address).
	Deep bool
	// Field is 1 + the field that the input stands for: of the struct it
	// points to, with Contents, or else of the struct it is; 0: all of it.
	Field int
	// Calls: the input stands for the results of calling the function
	// the parameter is, or the captured variable holds, given arguments
	// that are uniform. A callback can depend on the lane by itself (a
	// literal that calls l.Index()) while the function value is the same
	// in every lane.
	Calls bool
}

func (in Input) String() string {
	switch {
	case in.Calls:
		return fmt.Sprintf("%d()", in.Index)
	case in.Deep && in.Field > 0:
		return fmt.Sprintf("**%d.%d", in.Index, in.Field-1)
	case in.Deep:
		return fmt.Sprintf("**%d", in.Index)
	case in.Contents && in.Field > 0:
		return fmt.Sprintf("*%d.%d", in.Index, in.Field-1)
	case in.Contents:
		return fmt.Sprintf("*%d", in.Index)
	case in.Field > 0:
		return fmt.Sprintf("%d.%d", in.Index, in.Field-1)
	}
	return fmt.Sprint(in.Index)
}

// depList prints dependences, one per field: [never on(0) always].
func depList(ds []Dependence) string {
	fs := make([]string, len(ds))
	for i, d := range ds {
		fs[i] = d.String()
	}
	return "[" + strings.Join(fs, " ") + "]"
}

// Dependence says when something is divergent: Always, or when one of the
// inputs On is.
type Dependence struct {
	Always bool
	On     []Input
	// Why, for a result that is Always divergent, names its source in the
	// callee: "l.Index() at h.go:12 is the lane index"; for a call of a
	// function input under control that is, where the call is, and the
	// source.
	Why string
}

func (d Dependence) String() string {
	if d.Always {
		return "always"
	}
	if len(d.On) == 0 {
		return "never"
	}
	var parts []string
	for _, in := range d.On {
		parts = append(parts, in.String())
	}
	return "on(" + strings.Join(parts, ",") + ")"
}

// WhyPos returns the position of the call that step i of Why is about,
// if known.
func (r *Requirement) WhyPos(i int) token.Pos {
	if i < len(r.whyAt) {
		return r.whyAt[i]
	}
	return token.NoPos
}

// A Step is one call on the way from a function to the convergent
// operation it reaches.
type Step struct {
	// Callee names what the call calls, as the source writes it; At is
	// where the call is: "h.go:12".
	Callee, At string
	// pos is the call. Being unexported, it does not travel in the facts
	// of go vet mode, so it is used only within the package that has it.
	pos token.Pos
}

func (s Step) String() string {
	if s.At == "" {
		return s.Callee
	}
	return s.Callee + " at " + s.At
}

// Pos returns the position of the call, if known.
func (s Step) Pos() token.Pos { return s.pos }

// A Requirement is an input that must be uniform: it decides whether a
// convergent operation runs, or flows into a callee's input that must be
// uniform.
type Requirement struct {
	Input Input
	// Name names the input's parameter or captured variable in the words
	// of the source: "parameter n" (see RequirementSubject); Field, the
	// field of the struct it points to, for an Input with a Field.
	Name  string
	Field string
	// Why explains it, innermost last: "parameter n of f decides at
	// f.go:5 whether l.Barrier at f.go:6 runs".
	Why []string
	// whyAt holds the positions of the calls that steps of Why are about,
	// where known; facts do not carry it (see Step.pos).
	whyAt []token.Pos
	// Shared: rather than uniform, the input must point to memory that
	// all lanes share, because the function makes its contents
	// lane-dependent and then needs them uniform.
	Shared bool
}

// An Effect says when a call may leave divergent values in the memory that
// Input points to.
type Effect struct {
	Input Input
	When  Dependence
}

func (s *Summary) String() string {
	var parts []string
	add := func(ok bool, s string) {
		if ok {
			parts = append(parts, s)
		}
	}
	add(s.LaneID, "laneid")
	add(s.Uniform, "uniform")
	if len(s.UniformIf) > 0 {
		parts = append(parts, fmt.Sprintf("uniform-if%v", s.UniformIf))
	}
	add(s.Divergent, "divergent")
	add(s.Convergent && !s.Barrier, "convergent")
	add(s.Barrier, "barrier")
	add(s.Kernel, "kernel")
	if len(s.KernelParams) > 0 {
		parts = append(parts, fmt.Sprintf("kernel-params%v", s.KernelParams))
	}
	if s.Inferred {
		for i, r := range s.Results {
			parts = append(parts, fmt.Sprintf("result%d=%s", i, r))
		}
		for i, r := range s.ResultContents {
			if r.Always || len(r.On) > 0 {
				parts = append(parts, fmt.Sprintf("result-contents%d=%s", i, r))
				if i < len(s.ResultFields) && s.ResultFields[i] != nil {
					parts = append(parts, fmt.Sprintf("result-fields%d=%s", i, depList(s.ResultFields[i])))
				}
			}
		}
		for i, fs := range s.ResultValueFields {
			if fs != nil {
				parts = append(parts, fmt.Sprintf("result-value-fields%d=%s", i, depList(fs)))
			}
		}
		for _, r := range s.Requires {
			if r.Shared {
				parts = append(parts, fmt.Sprintf("requires-shared(%s)", r.Input))
			} else {
				parts = append(parts, fmt.Sprintf("requires(%s)", r.Input))
			}
		}
		for _, e := range s.Effects {
			parts = append(parts, fmt.Sprintf("effect(%s)=%s", e.Input, e.When))
		}
		if len(s.StoresFresh) > 0 {
			parts = append(parts, fmt.Sprintf("stores-fresh%v", s.StoresFresh))
		}
		for i, in := range s.CallsInputs {
			if i < len(s.CallControl) && (s.CallControl[i].Always || len(s.CallControl[i].On) > 0) {
				parts = append(parts, fmt.Sprintf("calls(%s)=%s", in, s.CallControl[i]))
			} else {
				parts = append(parts, fmt.Sprintf("calls(%s)", in))
			}
			if i < len(s.CallControlFixed) && s.CallControlFixed[i].String() != s.CallControl[i].String() {
				parts = append(parts, fmt.Sprintf("calls-fixed(%s)=%s", in, s.CallControlFixed[i]))
			}
		}
		if s.ReturnsConvergent != nil {
			parts = append(parts, "returns-convergent")
		}
		add(s.ReturnsUnknownFuncs, "returns-unknown-funcs")
		add(s.EndsLane, "ends-lane")
		if r := s.ReturnedResults; r.Always || len(r.On) > 0 {
			parts = append(parts, fmt.Sprintf("returned-results=%s", r))
		}
		if r := s.ReturnedBodyControl; r.Always || len(r.On) > 0 {
			parts = append(parts, fmt.Sprintf("returned-body-control=%s", r))
		}
		if r := s.ReturnedBodyControlFixed; r != nil && r.String() != s.ReturnedBodyControl.String() {
			parts = append(parts, fmt.Sprintf("returned-body-control-fixed=%s", r))
		}
		if r := s.ReturnedBodyArgs; r.Always || len(r.On) > 0 {
			parts = append(parts, fmt.Sprintf("returned-body-args=%s", r))
		}
		// CallsOnce follows from CallsInputs and the body's shape: not
		// printed, to keep facts short.
		add(s.ReturnedBodyOnce, "returned-body-once")
		add(s.ReturnedNoWrites, "returned-no-writes")
		if s.Plain != nil {
			parts = append(parts, fmt.Sprintf("plain%v=%s", s.TypeParamCalls, s.Plain))
		}
		if s.Private != nil {
			parts = append(parts, fmt.Sprintf("own%v=%s", slices.Concat(s.SharedInputs, s.DeepInputs), s.Private))
		}
	}
	return "spmd(" + strings.Join(parts, " ") + ")"
}

// onlyKernel reports whether the directives declare only a kernel entry,
// and nothing the body could contradict; or whether s is the body's
// summary that stands for such directives.
func (s *Summary) onlyKernel() bool {
	if s.Inferred {
		return s.Kernel
	}
	return s.Kernel && !s.LaneID && !s.Uniform && s.UniformIf == nil && !s.Divergent && len(s.KernelParams) == 0 && !s.Convergent
}

// declared reports whether the summary comes from directives that say what
// the results are, so that the body is not consulted.
func (s *Summary) declared() bool { return s != nil && !s.Inferred }

// equal reports whether two inferred summaries say the same, for the fixed
// point over recursive functions.
func (s *Summary) equal(t *Summary) bool {
	return s.String() == t.String() && len(s.Reaches) == len(t.Reaches)
}
