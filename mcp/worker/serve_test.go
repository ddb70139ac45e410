package worker

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/registry"
)

// serveOnce runs Serve over in-memory pipes with the given requests and
// returns the frames it wrote and its log.
func serveOnce(t *testing.T, build Factory, reqs ...request) ([]reply, string) {
	t.Helper()
	var in bytes.Buffer
	for _, r := range reqs {
		if err := writeFrame(&in, r); err != nil {
			t.Fatal(err)
		}
	}
	var out, logs bytes.Buffer
	if err := Serve(t.Context(), &in, &out, &logs, build); err != nil {
		t.Fatal(err)
	}
	var reps []reply
	r := bufio.NewReader(&out)
	for {
		var rep reply
		if err := readFrame(r, &rep, true); err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatal(err)
			}
			return reps, logs.String()
		}
		reps = append(reps, rep)
	}
}

func TestServe(t *testing.T) {
	reps, _ := serveOnce(t, fakeFactory,
		request{ID: 1, Name: "echo", Args: map[string]any{"a": "b"}},
		request{ID: 2, Name: "fail"},
		request{ID: 3, Name: "nope"})
	if len(reps) != 4 || !reps[0].Ready {
		t.Fatalf("replies %+v, want ready then 3", reps)
	}
	if reps[1].ID != 1 || reps[1].Result == nil || reps[1].Result.Text != "echoed" {
		t.Fatalf("echo reply %+v", reps[1])
	}
	if reps[2].Error == nil || reps[2].Error.Code != registry.CodeNotFound {
		t.Fatalf("fail reply %+v", reps[2])
	}
	if reps[3].Error == nil || reps[3].Error.Code != registry.CodeUnknownCapability {
		t.Fatalf("unknown reply %+v", reps[3])
	}
}

func TestServeBuildFailure(t *testing.T) {
	build := func(context.Context) (Caller, *registry.CallContext, error) {
		return nil, nil, errors.New("open /secret/store: denied")
	}
	reps, logs := serveOnce(t, build, request{ID: 1, Name: "echo"})
	if len(reps) != 2 || reps[1].Error == nil || reps[1].Error.Code != registry.CodeInternal {
		t.Fatalf("replies %+v", reps)
	}
	if strings.Contains(reps[1].Error.Message, "/secret") {
		t.Fatalf("the reply names a path: %q", reps[1].Error.Message)
	}
	if !strings.Contains(logs, "/secret/store") {
		t.Fatalf("the cause is not logged: %q", logs)
	}
}

type nanCaller struct{}

func (nanCaller) Call(context.Context, string, map[string]any, *registry.CallContext) (*registry.Result, error) {
	return &registry.Result{Data: map[string]any{"f": func() {}}}, nil
}

func TestServeUnserialisableResult(t *testing.T) {
	build := func(context.Context) (Caller, *registry.CallContext, error) { return nanCaller{}, nil, nil }
	reps, _ := serveOnce(t, build, request{ID: 1, Name: "x"})
	if len(reps) != 2 || reps[1].Error == nil || reps[1].Error.Code != registry.CodeInternal {
		t.Fatalf("replies %+v", reps)
	}
}
