package main

// Runtime options: what a program's Pulumi.yaml `runtime: {options: ...}` holds, which reaches a host in
// ProgramInfo.Options. Pulumi's nodejs, python and go hosts each read theirs in a parseOptions function with the
// same check per option: present but of another type is refused as "<name> option must be a <type>". The three
// stand-ins read theirs through readOptions.

import (
	"fmt"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// runtimeOption is one option a host reads: its name, the type it must have, and where its value goes.
type runtimeOption struct {
	name string
	kind string
	set  func(value any) bool
}

// option reads the named option into *into when it is given.
func option[T string | bool](name string, into *T) runtimeOption {
	kind := "string"
	if _, isBool := any(*into).(bool); isBool {
		kind = "boolean"
	}
	return runtimeOption{name: name, kind: kind, set: func(value any) bool {
		typed, ok := value.(T)
		if ok {
			*into = typed
		}
		return ok
	}}
}

// readOptions reads each option from the program's runtime options, leaving the default where one is not given.
// It returns which were given (for options whose mere presence matters); the first of the wrong type is the error.
func readOptions(info *pulumirpc.ProgramInfo, options ...runtimeOption) (map[string]bool, error) {
	given := map[string]bool{}
	values := info.GetOptions().AsMap()
	for _, o := range options {
		value, ok := values[o.name]
		if !ok {
			continue
		}
		if !o.set(value) {
			return nil, fmt.Errorf("%s option must be a %s", o.name, o.kind)
		}
		given[o.name] = true
	}
	return given, nil
}
