// Package verify is the citation checker: it reads a drafted text
// sentence by sentence, resolves its [id] citations against a set of facts
// and checks that every figure a sentence states is carried by a fact it
// cites. It is pure (no I/O) and is used three ways: by the agent on every
// model answer (strict repair, template fallback), by the registry at policy
// step 7 on every capability's own text, and by the TUI live as an analyst
// types (Checker re-reads only the sentences that changed).
//
//	r := verify.Check("Both coils open 20% of hours [F1]. It wastes $9,999 [F1].", facts, verify.Options{})
//	r.Counts     // {Supported:1 UnsupportedNumber:1}
//	r.Verified   // "Both coils open 20% of hours [F1]."
//
// # The algorithm and how it differs from CAMBER's
//
// CAMBER's verify.check is the reference. Each departure below fixes one
// of its known blind spots and is covered by a test.
//
// Citations. A citation is a bracketed list of ids, [F1] or [F1, C1]; the
// id grammar (see parseCitation) takes plain ids (F1, R2) and our
// tokenised ones, whose scope may hold '@', '-', '_', '.' and '#'
// (F1@rule_run-1a2b3c, C1@economizer_high_limit@AHU-1-abc123). CAMBER read
// only letters+digits. Citation tokens are removed before numbers are read
// (as CAMBER does), so stripping one never changes what a sentence states.
//
// Sentences. A sentence ends after '.', '!', '?' or '…' (and any closing
// brackets or quotes) followed by whitespace or the end; not inside a
// number (5.16), after an abbreviation (e.g., i.e., Ch., Fig., approx., vs.
// ...) or inside a quoted name. Newlines are whitespace, but a blank line, a
// list item or a heading starts a new sentence (CAMBER ran paragraphs
// together). A citation right after a sentence's end ("…hours.[F1]")
// belongs to it; one between sentences belongs to the next when they share
// a line ("[F1] Both coils …", the template style) and to the previous one
// at the end of a paragraph.
//
// Figures. Numbers are read as CAMBER reads them (thousands commas, one
// decimal part, optional '$', optional '%'), normalised the same way
// (commas dropped; trailing zeros, then a trailing point, stripped: 2897.0
// → 2897), with these fixes:
//   - negative numbers are numbers: "−5.0" and "-5" read -5 (CAMBER read 0
//     and nothing); a hyphen after a letter or digit is not a minus, and
//     digits hyphen-joined to a word with a letter name a thing (AHU-1,
//     VAV-2-3), while "5-10" is a range of 5 and 10;
//   - references are not claims: §5.6.5, "Ch. 5", Ch.5, "Table 3", "ASHRAE
//     62.1", "Guideline 36-2021", "Title 24", FC#5, G36 and any dotted
//     number with two points (5.16.14);
//   - names are not claims: equipment tokens (AHU-1, CH-1, AHU_1), a known
//     equipment name that holds a space ("Boiler 2"), list markers ("1. ")
//     and quoted names (see QuotePolicy); identifiers that mix letters and
//     digits after a leading digit (1a2b3c) are not claims either;
//   - 1e3 is 1000 (CAMBER read 1);
//   - ISO dates (2025-07-01, with an optional time) and clock times (07:00)
//     are claims: a date or time is a figure an analyst acts on, so it must
//     be carried by a cited fact too. A timestamp in a fact carries its
//     date and its time of day; zones and fractions of seconds are ignored.
//     Other date forms (07/01/2025) read as plain numbers.
//
// Matching (see carriers.carries). A fact carries the figures of its text,
// of its data (every number; every string and map key read by the same
// rules as a sentence) and of its equipment name; the same rules mean that
// AHU-1 carries no 1 and "ASHRAE 62.1" no 62.1. A claim matches when equal after
// normalisation, or when the fact's value rounded at the claim's stated
// precision, half away from zero, equals it: 45.5 → "46%" matches, "45%"
// does not (CAMBER matched "45" as a substring of "HHW 45%" and refused
// "46"). Integer claims with trailing zeros and two or more significant
// digits also match a value rounded to that power of ten (2,897 → "2,900").
// A percentage matches a fraction scaled by 100 (0.234 → "23.4%"). An
// unsigned claim matches the magnitude of a negative value ("5 °F below");
// a signed one needs the sign.
//
// Grounding is per sentence by default: a figure must be carried by a fact
// the same sentence cites. CAMBER pooled every fact cited anywhere in the
// answer, so a sentence could borrow a figure from another sentence's
// citation; Options.Pooled restores that (the registry uses it on a
// capability's own text).
//
// Verdicts per sentence: Supported, UnknownCitation, Uncited (states a
// figure, cites nothing), UnsupportedNumber. Strict repair drops Uncited and
// UnsupportedNumber sentences and strips unknown ids from the rest, keeping
// the text's whitespace and paragraph breaks (CAMBER joined everything
// with single spaces). The repair is read back until it is clean, so
// Report.Verified always checks as fully supported.
package verify
