package ingest

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// csvFile reads one CSV file record by record. Messages name it by its
// base name, never by a full path.
type csvFile struct {
	name string
	f    io.Closer
	r    *csv.Reader
}

func openCSV(path string) (*csvFile, error) {
	name := filepath.Base(path)
	f, err := os.Open(path)
	if err != nil {
		var reason error = err
		if pe, ok := errors.AsType[*fs.PathError](err); ok {
			reason = pe.Err
		}
		return nil, fmt.Errorf("open %s: %w", name, reason)
	}
	return newCSV(name, f, f), nil
}

func newCSV(name string, r io.Reader, c io.Closer) *csvFile {
	br := bufio.NewReaderSize(r, 1<<16)
	if b, err := br.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
		br.Discard(3) // a UTF-8 byte-order mark, as Excel writes
	}
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	return &csvFile{name: name, f: c, r: cr}
}

func (c *csvFile) Close() error {
	if c.f == nil {
		return nil
	}
	return c.f.Close()
}

// next returns the next record and its 1-based line, or io.EOF.
func (c *csvFile) next() ([]string, int, error) {
	rec, err := c.r.Read()
	if err == io.EOF {
		return nil, 0, io.EOF
	}
	if err != nil {
		if pe, ok := errors.AsType[*csv.ParseError](err); ok {
			return nil, pe.StartLine, fmt.Errorf("%s:%d: %v", c.name, pe.StartLine, pe.Err)
		}
		return nil, 0, fmt.Errorf("read %s: %w", c.name, err)
	}
	line, _ := c.r.FieldPos(0)
	return rec, line, nil
}

// header reads the header record, trimmed, refusing duplicate and empty
// names.
func (c *csvFile) header() ([]string, error) {
	rec, _, err := c.next()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: the file is empty (no header row)", c.name)
	}
	if err != nil {
		return nil, err
	}
	h := make([]string, len(rec))
	seen := map[string]int{}
	for i, f := range rec {
		h[i] = strings.TrimSpace(f)
		if j, dup := seen[h[i]]; dup {
			return nil, fmt.Errorf("%s:1: duplicate column %q (columns %d and %d)", c.name, clipText(h[i], 60), j+1, i+1)
		}
		seen[h[i]] = i
	}
	return h, nil
}
