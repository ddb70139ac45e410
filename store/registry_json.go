package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// decodeObject parses b as one JSON object, keeping numbers as json.Number
// so that rewriting the registry never changes a stored number.
func decodeObject(b []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("data after the top-level value")
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the top level is a %s, not an object", jsonKind(v))
	}
	return m, nil
}

// decodeEntry reads one registry record; known keys must have their types.
func decodeEntry(v any) (Entry, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return Entry{}, fmt.Errorf("a %s, not an object", jsonKind(v))
	}
	var e Entry
	for k, val := range obj {
		switch k {
		case "name", "lifecycle", "tz":
			str, ok := val.(string)
			if !ok {
				return Entry{}, fmt.Errorf("%q is a %s, not a string", k, jsonKind(val))
			}
			switch k {
			case "name":
				e.Name = str
			case "lifecycle":
				e.Lifecycle = Lifecycle(str)
			case "tz":
				e.TZ = str
			}
		case "dataset":
			d, err := decodeDataset(val)
			if err != nil {
				return Entry{}, err
			}
			e.Dataset = d
		default:
			if e.Meta == nil {
				e.Meta = map[string]any{}
			}
			e.Meta[k] = val
		}
	}
	return e, nil
}

func decodeDataset(v any) (*Dataset, error) {
	if v == nil {
		return nil, nil
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf(`"dataset" is a %s, not an object`, jsonKind(v))
	}
	d := &Dataset{}
	fields := map[string]*string{"id": &d.ID, "licence": &d.Licence, "access": &d.Access, "redistribution": &d.Redistribution}
	for k, val := range obj {
		if p, ok := fields[k]; ok {
			str, ok := val.(string)
			if !ok {
				return nil, fmt.Errorf(`"dataset.%s" is a %s, not a string`, k, jsonKind(val))
			}
			*p = str
			continue
		}
		if d.Extra == nil {
			d.Extra = map[string]any{}
		}
		d.Extra[k] = val
	}
	return d, nil
}

// encodeEntry turns a record back into a JSON object; known fields win over
// Meta keys of the same name, and empty known fields are left out.
func encodeEntry(e Entry) map[string]any {
	out := make(map[string]any, len(e.Meta)+4)
	for k, v := range e.Meta {
		out[k] = v
	}
	for k, v := range map[string]string{"name": e.Name, "lifecycle": string(e.Lifecycle), "tz": e.TZ} {
		delete(out, k)
		if v != "" {
			out[k] = v
		}
	}
	delete(out, "dataset")
	if d := e.Dataset; d != nil {
		ds := make(map[string]any, len(d.Extra)+4)
		for k, v := range d.Extra {
			ds[k] = v
		}
		ds["id"], ds["licence"], ds["access"], ds["redistribution"] = d.ID, d.Licence, d.Access, d.Redistribution
		out["dataset"] = ds
	}
	return out
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number, float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}
