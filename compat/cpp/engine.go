package cpp

// Engine is the set of engines the distributions and shuffles of this
// package accept: a *[MT19937] or a *[MT19937_64].
type Engine interface {
	*MT19937 | *MT19937_64
}
