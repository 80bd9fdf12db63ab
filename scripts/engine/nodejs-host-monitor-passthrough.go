// Added by scripts/ensure-engine.mjs to the Node language host of github.com/pulumi/pulumi/sdk/v3
// v3.68.0 (package nodejs/cmd/pulumi-language-nodejs), the fallback host built where the host matching
// the CLI is not served. The build passes monitorPassthrough's options to the server that host starts
// in front of the engine's resource monitor (main.go's Run).
//
// Why: that host serves the Node program a resource monitor of its own, which forwards each call to the
// engine's through the v3.68.0 protocol types, so a call newer than them, such as ExistsResource (a
// generated SDK's `exists()`), is answered `12 UNIMPLEMENTED: unknown method ExistsResource for service
// pulumirpc.ResourceMonitor` by the host instead of reaching the engine. Later hosts forward what they
// know the same way; this forwards every call the v3.68.0 types do not know as it came, message by
// message, without decoding it, so the engine answers it as it would a newer host's program.

package main

import (
	"context"
	"errors"
	"io"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/status"
)

// frame is one message of a forwarded call, as the bytes on the wire.
type frame struct {
	payload []byte
}

// passthroughCodec hands a frame's bytes through unchanged and every other message to the proto codec,
// so that the calls the host knows are decoded as before.
type passthroughCodec struct {
	proto encoding.Codec
}

func (c passthroughCodec) Marshal(v interface{}) ([]byte, error) {
	if f, ok := v.(*frame); ok {
		return f.payload, nil
	}
	return c.proto.Marshal(v)
}

func (c passthroughCodec) Unmarshal(data []byte, v interface{}) error {
	if f, ok := v.(*frame); ok {
		f.payload = append([]byte(nil), data...)
		return nil
	}
	return c.proto.Unmarshal(data, v)
}

func (passthroughCodec) Name() string { return "proto" }

// monitorPassthrough is the server options that forward each call the host's monitor does not know to
// the engine's monitor on conn, with the engine's answer or error returned as it came.
func monitorPassthrough(conn *grpc.ClientConn) []grpc.ServerOption {
	codec := passthroughCodec{proto: encoding.GetCodec("proto")}
	forward := func(_ interface{}, server grpc.ServerStream) error {
		method, ok := grpc.MethodFromServerStream(server)
		if !ok {
			return status.Error(codes.Internal, "the language host's monitor got a call without a method name")
		}
		ctx, cancel := context.WithCancel(server.Context())
		defer cancel()
		desc := &grpc.StreamDesc{ServerStreams: true, ClientStreams: true}
		client, err := conn.NewStream(ctx, desc, method, grpc.ForceCodec(codec))
		if err != nil {
			return err
		}
		// The program's messages to the engine, then the end of them. A failure on either side ends the
		// call, which the loop below then sees in the engine's answer.
		go func() {
			for {
				message := &frame{}
				if err := server.RecvMsg(message); err != nil {
					if errors.Is(err, io.EOF) {
						_ = client.CloseSend()
					}
					return
				}
				if err := client.SendMsg(message); err != nil {
					return
				}
			}
		}()
		// The engine's answers to the program, until the engine ends the call.
		for {
			message := &frame{}
			if err := client.RecvMsg(message); err != nil {
				if errors.Is(err, io.EOF) {
					return nil
				}
				return err
			}
			if err := server.SendMsg(message); err != nil {
				return err
			}
		}
	}
	return []grpc.ServerOption{grpc.ForceServerCodec(codec), grpc.UnknownServiceHandler(forward)}
}
