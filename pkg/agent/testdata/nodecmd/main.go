// Command nodecmd stands for a node's program in node-exec's tests: it
// prints its working directory, its pid and its standard input in upper
// case, and exits with the code its argument names.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
)

func main() {
	in, _ := io.ReadAll(os.Stdin)
	wd, _ := os.Getwd()
	fmt.Printf("cwd=%s pid=%d path=%s in=%s\n", wd, os.Getpid(), os.Getenv("PATH"), bytes.ToUpper(in))
	code := 0
	if len(os.Args) > 1 {
		code, _ = strconv.Atoi(os.Args[1])
	}
	os.Exit(code)
}
