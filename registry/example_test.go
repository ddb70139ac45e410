package registry_test

import (
	"context"
	"fmt"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// A capability that reads no store: its handler writes plain fact ids and
// names data values with sanitize.Name; Call validates the arguments,
// checks the citations, makes the text one safe line and tokenises the ids.
func Example() {
	greet := registry.Capability{
		Name:        "greet",
		Title:       "Greeting",
		Description: "Greets a piece of equipment by name; an example capability.",
		NoStore:     true,
		InputSchema: map[string]any{
			"type": "object", "additionalProperties": false, "required": []any{"equip"},
			"properties": map[string]any{"equip": map[string]any{"type": "string", "maxLength": 200}},
		},
		OutputSchema: map[string]any{"type": "object", "properties": map[string]any{"equip": map[string]any{"type": "string"}}},
		Handler: func(_ context.Context, c *registry.Call) (*registry.Result, error) {
			equip := c.String("equip")
			return &registry.Result{
				Data:  map[string]any{"equip": equip},
				Text:  "Hello " + sanitize.Name(equip) + " [F1@greet]. Unknown [F9@greet].",
				Facts: []registry.Fact{{ID: "F1@greet", Kind: "name", Value: equip, Text: "greeted " + sanitize.Name(equip)}},
			}, nil
		},
	}
	reg, err := registry.New([]registry.Capability{greet}, nil, registry.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := reg.Call(context.Background(), "greet", map[string]any{"equip": "AHU-1\n<b>"}, &registry.CallContext{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Text)
	fmt.Println(res.Banners)
	_, err = reg.Call(context.Background(), "greet", map[string]any{"equip": 5}, &registry.CallContext{})
	fmt.Println(err)
	// Output:
	// Hello "AHU-1 ‹b›" [F1@greet-688d5a]. Unknown.
	// [removed the citation of F9@greet: the result has no such fact (the sentence is kept)]
	// invalid_params: invalid arguments for greet: /equip: expected string, got number
}
