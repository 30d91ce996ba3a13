package behavior

import (
	"reflect"
	"testing"
	"time"
)

// TestForImage pins what an image container's behaviour starts from
// before behaviour steps change it, each case named for its rule.
func TestForImage(t *testing.T) {
	cases := []struct {
		name       string
		command    []string
		args       []string
		want       Behavior
		understood bool
	}{
		{"no command (the image's own, unknown) is a generic process: runs until signalled, 143 on SIGTERM",
			nil, nil, Default(), false},
		{"an unknown command is a generic process", []string{"nginx"}, []string{"-g", "daemon off;"}, Default(), false},
		{"sleep N exits 0 after N and, as PID 1, ignores SIGTERM", []string{"sleep", "20"}, nil,
			Behavior{Exit: &Exit{Code: 0, After: 20 * time.Second}, Term: Term{Ignore: true, Code: DefaultTermCode}}, true},
		{"sh -c \"sleep N\" is sleep N", []string{"sh", "-c"}, []string{"sleep 1.5"},
			Behavior{Exit: &Exit{Code: 0, After: 1500 * time.Millisecond}, Term: Term{Ignore: true, Code: DefaultTermCode}}, true},
		{"sleep infinity never exits on its own", []string{"sleep", "infinity"}, nil,
			Behavior{Term: Term{Ignore: true, Code: DefaultTermCode}}, true},
		{"exit N exits at once with N", []string{"sh", "-c", "exit 3"}, nil,
			Behavior{Exit: &Exit{Code: 3}, Term: Term{Ignore: true, Code: DefaultTermCode}}, true},
		{"the agent's probe command is no process: a generic one", []string{Path, "probe", "readiness"}, nil, Default(), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, understood := ForImage(tc.command, tc.args)
			if understood != tc.understood || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("ForImage = %+v, %v; want %+v, %v", got, understood, tc.want, tc.understood)
			}
		})
	}
}

// TestAnnotationRoundTrip: the annotation carries the agent arguments.
func TestAnnotationRoundTrip(t *testing.T) {
	for _, b := range []Behavior{Default(), {Term: Term{Delay: 4 * time.Second, Code: 0}}} {
		args, err := DecodeAnnotation(EncodeAnnotation(b))
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse(args)
		if err != nil || !reflect.DeepEqual(back.Args(), b.Args()) {
			t.Errorf("%+v came back as %+v (%v)", b, back, err)
		}
	}
	if _, err := DecodeAnnotation("--exit-code=1"); err == nil {
		t.Error("a value that is not a JSON list was accepted")
	}
}
