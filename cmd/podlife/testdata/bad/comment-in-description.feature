# want: comment-in-description.feature:6: Gherkin: expected: #EOF, #Comment, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Empty, got '    after it.' (line 5 starts with "#", which makes it a comment and ends the description above it: reword it so that no line starts with "#")
Feature: a wrapped issue number in a description
  Scenario: s
    The grace was fixed by PR
#124063 in 1.31, and the description goes on
    after it.
    Given a pod "web"
