// Command gen-sdk writes the aria provider's SDKs from its package schema with Pulumi's own code
// generators (pkg/v3/codegen, at the CLI's version), as pulumi-gen-eks and pulumi-gen-awsx do:
// schema.BindSpec, then each language's GeneratePackage. The language options (package names, the Go
// import path, the TypeScript version) come from the schema's `language` section, which
// provider/plugin/schema.ts writes; nothing here overrides them.
//
//	gen-sdk <schema.json> <out-dir> [nodejs|python|go ...]
//
// writes <out-dir>/nodejs, <out-dir>/python and <out-dir>/go (the Go package in <out-dir>/go/aria),
// each language only when named (all three when none is). The directories should be empty: files are
// written, never removed (scripts/gen-sdk.mjs runs this into a fresh directory).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool names the generator in the generated files' "do not edit" headers.
const tool = "pulumi-aria-gen-sdk"

// generators maps a language to its generator; each gets a package bound afresh, as the generators
// record their language's options in the package they are given.
var generators = map[string]func(*schema.Package) (map[string][]byte, error){
	"nodejs": func(pkg *schema.Package) (map[string][]byte, error) {
		return nodejs.GeneratePackage(tool, pkg, nil, nil, false, noReferences{})
	},
	"python": func(pkg *schema.Package) (map[string][]byte, error) {
		return python.GeneratePackage(tool, pkg, nil, noReferences{})
	},
	"go": func(pkg *schema.Package) (map[string][]byte, error) {
		return gogen.GeneratePackage(tool, pkg, nil)
	},
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "gen-sdk: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) < 2 {
		return errors.New("usage: gen-sdk <schema.json> <out-dir> [nodejs|python|go ...]")
	}
	schemaPath, outDir, languages := args[0], args[1], args[2:]
	if len(languages) == 0 {
		languages = []string{"nodejs", "python", "go"}
	}
	raw, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return fmt.Errorf("%s: %w", schemaPath, err)
	}
	for _, language := range languages {
		generate, ok := generators[language]
		if !ok {
			return fmt.Errorf("unknown language %q: use nodejs, python or go", language)
		}
		pkg, diags, err := schema.BindSpec(spec, noReferences{}, schema.ValidationOptions{})
		if err != nil {
			return fmt.Errorf("binding %s: %w", schemaPath, err)
		}
		if diags.HasErrors() {
			return fmt.Errorf("binding %s: %s", schemaPath, diags.Error())
		}
		files, err := generate(pkg)
		if err != nil {
			return fmt.Errorf("generating the %s SDK: %w", language, err)
		}
		if err := writeFiles(filepath.Join(outDir, language), files); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "gen-sdk: %s: %d files\n", language, len(files))
	}
	return nil
}

// writeFiles writes each file under dir.
func writeFiles(dir string, files map[string][]byte) error {
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// noReferences is the loader of a schema that refers to no other package: aria's refers to none, so
// any lookup is a mistake in the schema.
type noReferences struct{}

var errNoReferences = errors.New("the aria schema refers to no other package")

func (noReferences) LoadPackage(string, *semver.Version) (*schema.Package, error) {
	return nil, errNoReferences
}

func (noReferences) LoadPackageV2(context.Context, *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, errNoReferences
}

func (noReferences) LoadPackageReference(string, *semver.Version) (schema.PackageReference, error) {
	return nil, errNoReferences
}

func (noReferences) LoadPackageReferenceV2(
	context.Context, *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, errNoReferences
}
