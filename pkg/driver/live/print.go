package live

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/podlife/podlife/pkg/printer"
)

// printPod (a function of the driver, whose methods are many) asks the API server for the pod as a table, as kubectl does
// (Accept: as=Table), and reads the STATUS, READY and RESTARTS columns.
func printPod(d *Driver, ns, name string) (printer.Columns, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	raw, err := d.cs.CoreV1().RESTClient().Get().Namespace(ns).Resource("pods").Name(name).
		SetHeader("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io").DoRaw(ctx)
	if err != nil {
		return printer.Columns{}, err
	}
	return tableColumns(raw)
}

// tableColumns reads a meta.k8s.io Table of one pod.
func tableColumns(raw []byte) (printer.Columns, error) {
	var t struct {
		ColumnDefinitions []struct {
			Name string `json:"name"`
		} `json:"columnDefinitions"`
		Rows []struct {
			Cells []any `json:"cells"`
		} `json:"rows"`
	}
	if err := json.Unmarshal(raw, &t); err != nil {
		return printer.Columns{}, err
	}
	if len(t.Rows) != 1 {
		return printer.Columns{}, fmt.Errorf("the table has %d rows", len(t.Rows))
	}
	var c printer.Columns
	for i, col := range t.ColumnDefinitions {
		if i >= len(t.Rows[0].Cells) {
			break
		}
		v := fmt.Sprint(t.Rows[0].Cells[i])
		switch col.Name {
		case "Status":
			c.Status = v
		case "Ready":
			c.Ready = v
		case "Restarts":
			c.Restarts = v
		}
	}
	return c, nil
}
