// Package testgames holds golden game transcripts and the tests that
// replay them against the shipped rulesets.
//
// Each game has a directory named like its ruleset, testgames/<game>/,
// of transcripts (*.yaml, the format of transcript.Read). The
// tests replay every transcript with the rules of agon/rulesets, evaluate
// its check steps, and re-record the recorded ones with their bots to see
// that they come out byte for byte the same. Scenario files,
// testgames/<game>/scenarios/*.yaml (transcript.ReadScenario), set up a
// position and check a rules situation; TestScenarios runs each. The
// package has no API; it
// exists for its tests and data. README.md says how to add a golden,
// how to type in a game played at a real table, and how to update the
// goldens after a rule change (go test ./testgames -run Golden -update).
package testgames
