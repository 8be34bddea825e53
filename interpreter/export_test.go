package interpreter

// The test rulesets that the external tests (played_test.go, package
// interpreter_test) play too.
const (
	PickGems     = pickGems
	GemsDeck     = gemsDeck
	WaitEffect   = waitEffect
	ChoiceGame   = choiceGame
	ShuffleLists = shuffleLists
	StackRules   = stackRules
)
