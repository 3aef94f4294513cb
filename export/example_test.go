package export_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/sparsekernel/sparsekernel/export"
	"github.com/sparsekernel/sparsekernel/model"
)

// toy returns a one-node regressor of one input.
func toy() *model.Model {
	return &model.Model{
		Task: model.Regression, Method: "hand-built", Kernel: model.KernelGaussian, Inputs: 1,
		Scaling: model.Scaling{Mean: []float64{0}, Std: []float64{1}},
		Nodes:   []model.Node{{Centre: []float64{0}, Width: []float64{1}}},
		Weights: [][]float64{{2}}, Bias: []float64{0.5},
	}
}

// Export a model to C and list the functions the file defines.
func ExampleGenerate() {
	src, err := export.Generate(toy(), export.Options{Lang: export.C, Name: "toy"})
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasSuffix(line, ")") && !strings.HasPrefix(line, " ") {
			fmt.Println(line)
		}
	}
	// Output:
	// int toy_decision(const double x[TOY_N_INPUTS], double f[TOY_N_OUTPUTS])
	// double toy_value(const double x[TOY_N_INPUTS])
}

// Export a model to Go, in a package of its own, and list the functions.
func ExampleGenerate_go() {
	src, err := export.Generate(toy(), export.Options{Lang: export.Go, Name: "toy", Package: "models"})
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "package ") || strings.HasPrefix(line, "func ") {
			fmt.Println(line)
		}
	}
	// Output:
	// package models
	// func (e toyError) Error() string { return string(e) }
	// func ToyDecision(x []float64) (f [ToyOutputs]float64, err error) {
	// func ToyValue(x []float64) (float64, error) {
}
