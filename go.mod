module agon

go 1.26

require (
	github.com/expr-lang/expr v1.17.8
	github.com/spf13/cobra v1.10.2
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.6
)
