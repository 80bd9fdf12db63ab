// Added by scripts/ensure-engine.mjs to the Node language host of github.com/pulumi/pulumi/sdk/v3
// v3.68.0 (package nodejs/cmd/pulumi-language-nodejs), the fallback host built where the host matching
// the CLI is not served. That host answers RunPlugin with "not supported"; the build renames its stub
// to runPluginUnsupported and compiles this file beside it.
//
// Why: a Pulumi CLI v3.x (checked: v3.248.0) that finds a `nodejs` language host starts a Node policy
// pack (`pulumi preview --policy-pack DIR`) through the host's RunPlugin, with kind "analyzer"; the
// `pulumi-analyzer-policy-<runtime>` launcher is only looked for when no language host is found. This
// RunPlugin does for policy packs what later hosts do (sdk/nodejs/cmd/pulumi-language-nodejs RunPlugin):
// it runs `node <@pulumi/pulumi/cmd/run-policy-pack, resolved from the pack> <engine address> <pack dir>`
// with the pack directory as working directory, and streams the process's output back to the engine
// (the pack's first line of stdout is its gRPC port). Other plugin kinds stay unsupported.
//
// The v3.68.0 protocol types do not know the request's `info` (5) and `kind` (6) fields, which the CLI
// sets instead of the deprecated `program` (2): they arrive as unknown fields and are decoded here.

package main

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"syscall"

	"google.golang.org/protobuf/encoding/protowire"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/logging"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// policyPackRunner is the module of @pulumi/pulumi that serves a policy pack to the engine.
const policyPackRunner = "@pulumi/pulumi/cmd/run-policy-pack"

// runPluginExtras are the RunPluginRequest fields newer than this host's protocol types.
type runPluginExtras struct {
	kind             string // field 6
	programDirectory string // field 5 (ProgramInfo), its field 2
}

// decodeRunPluginExtras reads the fields 5 and 6 of a RunPluginRequest from its unknown fields.
func decodeRunPluginExtras(req *pulumirpc.RunPluginRequest) (runPluginExtras, error) {
	var extras runPluginExtras
	err := walkFields(req.ProtoReflect().GetUnknown(), func(num protowire.Number, value []byte) error {
		switch num {
		case 6:
			extras.kind = string(value)
		case 5:
			return walkFields(value, func(inner protowire.Number, v []byte) error {
				if inner == 2 {
					extras.programDirectory = string(v)
				}
				return nil
			})
		}
		return nil
	})
	return extras, err
}

// walkFields calls visit with each length-delimited field of a protobuf message; others are skipped.
func walkFields(b []byte, visit func(protowire.Number, []byte) error) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return protowire.ParseError(n)
		}
		b = b[n:]
		if typ == protowire.BytesType {
			value, m := protowire.ConsumeBytes(b)
			if m < 0 {
				return protowire.ParseError(m)
			}
			if err := visit(num, value); err != nil {
				return err
			}
			b = b[m:]
			continue
		}
		m := protowire.ConsumeFieldValue(num, typ, b)
		if m < 0 {
			return protowire.ParseError(m)
		}
		b = b[m:]
	}
	return nil
}

// RunPlugin runs a Node policy pack for the engine (kind "analyzer"); see the top of this file.
func (host *nodeLanguageHost) RunPlugin(
	req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer,
) error {
	extras, err := decodeRunPluginExtras(req)
	if err != nil {
		return fmt.Errorf("could not read the RunPlugin request: %w", err)
	}
	if extras.kind != "analyzer" {
		return fmt.Errorf("not supported: this Node language host (v3.68.0) runs policy packs only, not %q plugins",
			extras.kind)
	}
	packDir := extras.programDirectory
	if packDir == "" {
		packDir = req.GetProgram()
	}
	if packDir == "" {
		return errors.New("the RunPlugin request names no policy pack directory")
	}

	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("could not find node on the $PATH: %w", err)
	}
	// Resolved from the pack, as the pack's own @pulumi/pulumi (and @pulumi/policy's) must serve it.
	resolve := exec.Command(nodeBin, "-e", fmt.Sprintf("console.log(require.resolve(%q))", policyPackRunner))
	resolve.Dir = packDir
	resolve.Env = req.GetEnv()
	out, err := resolve.Output()
	if err != nil {
		return fmt.Errorf("could not find %s from the policy pack %s (are its dependencies installed?): %w",
			policyPackRunner, packDir, err)
	}
	runner := strings.TrimSpace(string(out))

	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	args := append([]string{runner}, req.GetArgs()...)
	args = append(args, packDir)
	logging.V(5).Infof("Running policy pack: %s %s", nodeBin, strings.Join(args, " "))
	// Bound to the stream: when the engine is done with the pack, it ends the stream and the pack stops.
	cmd := exec.CommandContext(server.Context(), nodeBin, args...)
	cmd.Dir = packDir
	cmd.Env = req.GetEnv()
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if status, ok := exitErr.Sys().(syscall.WaitStatus); ok && status.Exited() {
				return server.Send(&pulumirpc.RunPluginResponse{
					Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: int32(status.ExitStatus())},
				})
			}
			return fmt.Errorf("policy pack exited unexpectedly: %w", exitErr)
		}
		return fmt.Errorf("could not run the policy pack: %w", err)
	}
	return closer.Close()
}
