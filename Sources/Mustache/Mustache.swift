// The Mustache module: ListState's template engine.
//
// Parse once (`Template`, `TemplateLibrary`), render many times into one byte
// buffer. Conforms to the Mustache specification v1.4: interpolation, sections,
// inverted sections, comments, partials (standalone indentation included), set
// delimiters, the standalone-line rules, and the optional inheritance module
// (`{{<parent}}`, `{{$block}}`). Not supported: lambdas, dynamic names.
//
// Decisions the spec leaves open (documented where they live):
// - Truthiness (MustacheValue.isTruthy): `null`, `false`, `0`, `0.0`, NaN, `""` and
//   `[]` are falsy in sections; an empty dictionary and any object are truthy. A
//   falsy value still prints when interpolated: `{{count}}` with 0 prints `0`.
// - Escaping (HTMLEscaping): `& < > " '` and also backtick and `=` are escaped
//   (`&amp; &lt; &gt; &quot; &#39; &#96; &#61;`), each exactly once, so a value
//   can end neither a quoted nor an unquoted attribute.
// - Numbers: integers as digits; doubles in their shortest exact form, without a
//   trailing `.0` (1.210 -> `1.21`, 10.0 -> `10`).
// - Lists, dictionaries and objects print nothing when interpolated.
// - Missing partials render as nothing unless the library is strict, where they are
//   a load-time error. Missing values always render as nothing.
// - Recursion: partials nest at most `TemplateLibrary.maxDepth` deep (64 by default),
//   sections and partials together at most `TemplateLibrary.maxFrames` (512), one
//   template's sections at most `Template.maxNesting` (100); beyond, an error.
// - A block opened and closed on one standalone line (`{{$b}}{{/b}}`) keeps that
//   line's ending, as the spec's "Standalone block" case requires; write
//   `{{$b}}` and `{{/b}}` on lines of their own in layouts.
// - Tag names contain no whitespace and no empty dotted part; `{{a b}}` is an error.
//
// Speed (BENCHMARKS.md, issue 8): a dictionary value holds `MustacheFields`, found
// by a name hash each template computes once; a `MustacheList` serves many rows
// without a value per row, and lists and objects may write a field straight into
// the `MustacheOutput`; the context stack walks plain-data frames, so a row's tag
// costs no reference counting; a list section whose body names only the rows'
// fields runs from a plan flattened once per render (`Template.RowPlan`).
