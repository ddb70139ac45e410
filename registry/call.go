package registry

// Call is one invocation as a handler sees it: the validated arguments
// (whole-number floats already converted to int where the schema asks for an
// integer) and the caller's context. Paging notices recorded through the
// call become banners.
type Call struct {
	Name string
	Args map[string]any
	Ctx  *CallContext

	notices []string
}

// Notice records a banner for the result (licence, config and data notices).
func (c *Call) Notice(msg string) { c.notices = append(c.notices, msg) }
