package cfggen

import (
	"encoding/binary"
	"hash/fnv"
	"math/rand/v2"
)

// ByteSource returns a random source that replays data, for fuzzing: each
// draw takes one byte and spreads it over the 64 bits, so that a byte
// decides one choice of the generator and a fuzzer's mutation of a byte
// changes one choice. When data runs out, draws continue from a PCG seeded
// with a hash of data, which keeps the generator's rejection loops finite.
func ByteSource(data []byte) rand.Source {
	h := fnv.New64a()
	h.Write(data)
	var seed [8]byte
	binary.LittleEndian.PutUint64(seed[:], uint64(len(data)))
	h.Write(seed[:])
	return &byteSource{data: data, rest: rand.NewPCG(h.Sum64(), 1)}
}

type byteSource struct {
	data []byte
	rest *rand.PCG
}

func (s *byteSource) Uint64() uint64 {
	if len(s.data) == 0 {
		return s.rest.Uint64()
	}
	b := s.data[0]
	s.data = s.data[1:]
	// The low bits differ per byte too, so that a rejection loop drawing
	// again always gets a fresh value from the next byte.
	return uint64(b)*0x0101010101010101 ^ s.rest.Uint64()>>8
}
