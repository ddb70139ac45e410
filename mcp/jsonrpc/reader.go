package jsonrpc

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// MaxLine is the longest line (without its newline) a message may take:
// 1 MiB. A longer one is refused with -32600.
const MaxLine = 1 << 20

// IDWindow is how far into an over-long line its id must be complete to be
// quoted in the refusal.
const IDWindow = 8 << 10

// Line is one line of input.
type Line struct {
	// N is the line number, from 1.
	N int
	// Data is the line without its newline (and without a final "\r"); nil
	// when the line was too long.
	Data []byte
	// TooLong is set for a line over the limit; Size is then its length and
	// ID the id extracted from it (the zero ID when none could be).
	TooLong bool
	Size    int64
	ID      ID
}

// Reader splits a stream into lines without ever holding more than the
// limit of one line in memory: the rest of an over-long line is read and
// dropped, scanned only for its top-level id.
type Reader struct {
	r   *bufio.Reader
	max int
	n   int
}

// NewReader returns a Reader with the given line limit (MaxLine when max
// is 0 or less).
func NewReader(r io.Reader, max int) *Reader {
	if max <= 0 {
		max = MaxLine
	}
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Next returns the next non-blank line. At the end of the stream it returns
// io.EOF (a last line without a newline is returned first).
func (r *Reader) Next() (Line, error) {
	for {
		ln, err := r.next()
		if err != nil {
			return ln, err
		}
		if ln.TooLong || len(bytes.TrimSpace(ln.Data)) > 0 {
			return ln, nil
		}
	}
}

func (r *Reader) next() (Line, error) {
	var buf []byte
	var sc *idScanner
	var size int64
	for {
		chunk, err := r.r.ReadSlice('\n')
		done := err == nil
		if done {
			chunk = chunk[:len(chunk)-1]
		}
		size += int64(len(chunk))
		if sc == nil && len(buf)+len(chunk) > r.max+1 {
			// Over the limit: from here on, only scan for the id.
			sc = newIDScanner(IDWindow)
			sc.write(buf)
			buf = nil
		}
		if sc != nil {
			sc.write(chunk)
		} else {
			buf = append(buf, chunk...)
		}
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			if size == 0 {
				return Line{}, err
			}
			if !errors.Is(err, io.EOF) {
				return Line{}, err
			}
			done = true
		}
		if !done {
			continue
		}
		r.n++
		if sc == nil {
			buf = bytes.TrimSuffix(buf, []byte("\r"))
			if len(buf) <= r.max {
				return Line{N: r.n, Data: buf, Size: int64(len(buf))}, nil
			}
			sc = newIDScanner(IDWindow)
			sc.write(buf)
		}
		return Line{N: r.n, TooLong: true, Size: size, ID: sc.id()}, nil
	}
}

// ExtractID applies the id rule of an over-long line to b: the id is
// quoted only when the line is an object whose first bytes (IDWindow) hold
// a complete top-level "id" that is a string or an integer, and the whole
// line names no other top-level "id".
func ExtractID(b []byte) ID {
	sc := newIDScanner(IDWindow)
	sc.write(b)
	return sc.id()
}

// idScanner follows the structure of a JSON text byte by byte, without
// keeping it, to find top-level "id" members.
type idScanner struct {
	window int
	pos    int

	started, object bool
	depth           int
	inString, esc   bool
	wantKey         bool // at depth 1, the next string is a key
	isKey           bool // the current string is a top-level key
	key             []byte
	keyLong         bool
	lastKeyID       bool // the last top-level key read was "id"
	awaitID         bool // after `"id":`, waiting for the value
	count           int  // top-level "id" keys seen

	capturing bool
	capKind   byte
	capBuf    []byte
	captured  []byte // the first id's complete value, when in the window
	failed    bool   // the first id's value cannot be quoted
}

func newIDScanner(window int) *idScanner { return &idScanner{window: window} }

func (s *idScanner) write(b []byte) {
	for _, c := range b {
		s.step(c)
		s.pos++
	}
}

func (s *idScanner) step(c byte) {
	if s.capturing {
		if s.pos >= s.window {
			s.capturing, s.failed = false, true
		} else if s.capKind == 'n' {
			if c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' || (c >= '0' && c <= '9') {
				s.capBuf = append(s.capBuf, c)
				return
			}
			s.capturing = false
			s.captured = s.capBuf
			// c is a delimiter; fall through to structural handling.
		} else {
			s.capBuf = append(s.capBuf, c)
		}
	}
	if s.inString {
		if s.esc {
			s.esc = false
		} else if c == '\\' {
			s.esc = true
		} else if c == '"' {
			s.inString = false
			s.endString()
			return
		}
		if s.isKey {
			if len(s.key) < 64 {
				s.key = append(s.key, c)
			} else {
				s.keyLong = true
			}
		}
		return
	}
	switch c {
	case ' ', '\t', '\r', '\n':
		return
	}
	if !s.started {
		s.started = true
		s.object = c == '{'
	}
	if !s.object {
		return
	}
	if s.awaitID {
		s.awaitID = false
		if s.count == 1 {
			switch {
			case c == '"':
				s.capturing, s.capKind, s.capBuf = true, 's', []byte{c}
			case c == '-' || (c >= '0' && c <= '9'):
				s.capturing, s.capKind, s.capBuf = true, 'n', []byte{c}
				return
			default:
				s.failed = true
			}
		}
	}
	switch c {
	case '"':
		s.inString = true
		s.isKey = s.depth == 1 && s.wantKey
		s.key, s.keyLong = s.key[:0], false
	case '{', '[':
		s.depth++
		if s.depth == 1 {
			s.wantKey = true
		}
	case '}', ']':
		s.depth--
	case ':':
		if s.depth == 1 && s.lastKeyID {
			s.lastKeyID = false
			s.count++
			s.awaitID = true
		}
	case ',':
		if s.depth == 1 {
			s.wantKey = true
		}
	}
}

func (s *idScanner) endString() {
	if s.capturing && s.capKind == 's' {
		s.capturing = false
		s.captured = s.capBuf
	}
	if !s.isKey {
		return
	}
	s.isKey, s.wantKey = false, false
	s.lastKeyID = false
	if s.keyLong {
		return
	}
	raw := append(append([]byte{'"'}, s.key...), '"')
	if v, err := Decode(raw); err == nil && v == "id" {
		s.lastKeyID = true
	}
}

func (s *idScanner) id() ID {
	if s.capturing && s.capKind == 'n' && s.pos <= s.window {
		// The line ended right after a number.
		s.capturing, s.captured = false, s.capBuf
	}
	if !s.object || s.count != 1 || s.failed || s.captured == nil {
		return ID{}
	}
	v, err := Decode(s.captured)
	if err != nil {
		return ID{}
	}
	id, ok := idOf(v)
	if !ok {
		return ID{}
	}
	return id
}

// ScanID reads r to its end and applies ExtractID's rule to everything
// read, holding no more than a small buffer: for a message too long to
// keep (an HTTP body over the limit).
func ScanID(r io.Reader) ID {
	sc := newIDScanner(IDWindow)
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		sc.write(buf[:n])
		if err != nil {
			return sc.id()
		}
	}
}
