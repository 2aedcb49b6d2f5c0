// Package gnu words messages as GNU's coreutils do: arguments and file
// names quoted as gnulib's quotearg quotes them, and system errors as C's
// strerror spells them. cmd/shuf and the lines package share it, so that
// an error of the package reads, byte for byte, as GNU shuf's.
package gnu

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"
)

// GNU's messages quote what the user typed in two ways, both from gnulib's
// quotearg: quote() for an argument ("invalid line count: 'x'") and
// quotef() for a file name ("shuf: 'a b': No such file or directory"). The
// two functions here give the same bytes, in the C locale and in a UTF-8
// one.

// Quote quotes an argument in a message, as GNU's quote() does: 'x' in the C
// locale and ‘x’ in a UTF-8 one, with C escapes for the closing quote, a
// backslash, control characters and bytes the locale cannot print (in the C
// locale, every byte from 0x80, as \ooo).
func Quote(s string) string {
	u := utf8Locale()
	left, right := "'", "'"
	if u {
		left, right = "‘", "’"
	}
	var b strings.Builder
	b.WriteString(left)
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], right) {
			b.WriteString(`\` + right)
			i += len(right)
			continue
		}
		c := s[i]
		if esc := cEscape(c); esc != 0 {
			b.WriteString(`\` + string(esc))
			i++
			continue
		}
		n, printable := printableAt(s, i, u)
		if printable {
			b.WriteString(s[i : i+n])
		} else {
			for _, c := range []byte(s[i : i+n]) {
				fmt.Fprintf(&b, `\%03o`, c)
			}
		}
		i += n
	}
	b.WriteString(right)
	return b.String()
}

// cEscape is the letter of C's escape for c (\n for a newline), or 0; a
// backslash is its own.
func cEscape(c byte) byte {
	if e := strings.IndexByte("\a\b\f\n\r\t\v\\", c); e >= 0 {
		return "abfnrtv\\"[e]
	}
	return 0
}

// printableAt reports how many bytes of s from i make one character and
// whether the locale can print it: in the C locale one byte, printable if
// ASCII from space to tilde; in a UTF-8 one a rune, printable if valid and
// printable, or else one invalid byte.
func printableAt(s string, i int, utf8Loc bool) (n int, printable bool) {
	c := s[i]
	if c < 0x80 || !utf8Loc {
		return 1, c >= ' ' && c < 0x7f
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n <= 1 {
		return 1, false
	}
	return n, printableRune(r)
}

// printableRune is glibc's iswprint in a UTF-8 locale: an assigned
// character other than a control or a line or paragraph separator (so
// format characters, private use and spaces print).
func printableRune(r rune) bool {
	if unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp) {
		return false
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs, unicode.Cf, unicode.Co)
}

// QuoteName quotes a file name as GNU's quotef() does (gnulib's
// shell-escape style, with ':' quoted too): as it is if the shell would
// take it as one word, else between single quotes, each single quote
// closing them, escaped with a backslash and opening them again, and each
// character it cannot print escaped as $'\ooo'; a name whose only trouble
// is a single quote goes between double quotes instead.
func QuoteName(s string) string {
	if s == "" {
		return "''"
	}
	if !needsQuotes(s) {
		return s
	}
	q, apostrophe, plain, pending := shellQuote(s, false)
	switch {
	case !apostrophe:
		return q
	case plain:
		return `"` + s + `"`
	}
	// gnulib writes the name again in single quotes, starting where it left
	// its $'...' state at the end of the first pass, so a name that ends in
	// an escape starts with an empty pair of quotes (as GNU's does).
	q, _, _, _ = shellQuote(s, pending)
	return q
}

// needsQuotes reports whether a shell would take s as something other than
// the one word s.
func needsQuotes(s string) bool {
	u := utf8Locale()
	for i := 0; i < len(s); {
		n, printable := printableAt(s, i, u)
		if !printable {
			return true
		}
		switch c := s[i]; {
		case strings.IndexByte(" !\"$&()*;<=>[^`|'?\\:", c) >= 0,
			(c == '#' || c == '~') && i == 0,
			(c == '{' || c == '}') && len(s) == 1:
			return true
		}
		i += n
	}
	return false
}

// shellQuote writes s between single quotes, a single quote as a
// backslash-escaped one between closing and opening quotes, and each
// character that cannot be printed as an escape inside $'...'.
// pending says whether a $'...' is open when it starts (see quoteName). It
// reports whether s holds a single quote, whether every character of s
// could stand as it is between double quotes, and whether a $'...' is left
// open at the end.
func shellQuote(s string, pending bool) (q string, apostrophe, plain, open bool) {
	u := utf8Locale()
	var b strings.Builder
	b.WriteByte('\'')
	plain = true
	esc := func(e string) {
		if !pending {
			b.WriteString(`'$'`)
			pending = true
		}
		b.WriteString(`\` + e)
	}
	for i := 0; i < len(s); {
		c := s[i]
		n, printable := printableAt(s, i, u)
		switch {
		case c == '\'':
			apostrophe = true
			b.WriteString(`'\''`)
			pending = false
		case c != '\\' && cEscape(c) != 0:
			esc(string(cEscape(c)))
			plain = false
		case !printable:
			for _, c := range []byte(s[i : i+n]) {
				esc(fmt.Sprintf("%03o", c))
			}
			plain = false
		default:
			if pending {
				b.WriteString("''")
				pending = false
			}
			b.WriteString(s[i : i+n])
			if n == 1 && !plainInDoubleQuotes(c, i, len(s)) {
				plain = false
			}
		}
		i += n
	}
	b.WriteByte('\'')
	return b.String(), apostrophe, plain, pending
}

// plainInDoubleQuotes reports whether byte c at i of a name n bytes long
// means the same between C's double quotes as between the shell's single
// quotes.
func plainInDoubleQuotes(c byte, i, n int) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9',
		strings.IndexByte("%+,-./:]_@ '", c) >= 0,
		(c == '#' || c == '~') && i == 0,
		(c == '{' || c == '}') && n == 1:
		return true
	}
	return false
}

// utf8Locale reports whether messages are in a UTF-8 locale, from LC_ALL,
// LC_MESSAGES and LANG, as C's setlocale reads them.
func utf8Locale() bool {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if l := os.Getenv(v); l != "" {
			l = strings.ToLower(l)
			return strings.Contains(l, "utf-8") || strings.Contains(l, "utf8")
		}
	}
	return false
}

// Reason is an error's text with a capital first letter, which turns Go's
// syscall messages into strerror's ("No such file or directory").
func Reason(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		err = errno
	}
	s := err.Error()
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}
