module github.com/fairshuffle/shuffle

go 1.24.0

require (
	github.com/klauspost/compress v1.19.2
	github.com/stretchr/testify v1.12.1
	golang.org/x/image v0.36.0
	gonum.org/v1/gonum v0.17.0
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/text v0.34.0 // indirect
)
