// Package tui is camber-tui's terminal app (bubbletea v1): a root model
// that draws the header (store, allowlist, trust floor, LLM wiring), the
// body of the current screen, a status line (the running call with a
// spinner, its elapsed time and "esc cancel"; the last error in plain
// words) and a key-help bar, and routes messages between screens.
//
// Start it with [Run]:
//
//	err := tui.Run(ctx, tui.Options{
//		Registry:    reg,          // *registry.Registry (anything with Capabilities/Prompts/Call)
//		CallContext: cc,           // the session's store, allowlist, configs, trust floor
//		Theme:       "auto",       // or dark, light, high-contrast, mono, a user theme
//		ThemeDir:    themesDir,    // user themes (NAME.yaml of token: colour)
//		Keys:        bindings,     // action → keys from the app config ("result.copy": ["c"])
//		Mouse:       false,
//		StoreLabel:  "demo campus",
//		LLM:         "",           // "" shows "template only"
//	})
//
// The app reaches data only through the registry: every call is a
// tea.Cmd with its own context derived from Run's, built from copies of
// its inputs; Esc cancels the running calls. The app never writes to the
// store (exports go to the working directory).
//
// # Adding a screen
//
// A screen is a package with a type satisfying [screen.Screen] (Init,
// Update, View, SetSize, Title; optionally [screen.Helper] for its keys
// and [screen.Capturer] while it takes typed text). It asks for calls
// with screen.Call and gets a screen.DoneMsg back; it opens other screens
// with screen.Open and leaves with screen.Back. To reach it from anywhere,
// add a binding to keys.Global and a case to (*Model).globalKey.
package tui
