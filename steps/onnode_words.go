package steps

// A workload's pods on a node, by count (held-out batch 14: `all 2 pods
// of deployment "frontend" are Ready on node "worker-1"`, five times, as
// the state a drain of that node starts from): a deployment's pods on a
// node as a replica set's (`2 pods of replica set "web" are on node
// "worker-1"`), and those of them Ready.
func onNodePhrases() []Def {
	const f = "disruptions"
	owner := func(kind string) string {
		if kind == "replica set" {
			return ""
		}
		return kind
	}
	return []Def{
		phrase(f, `^(?:all )?(\d+) pods? of deployment "([^"]*)" (?:is|are) on node "([^"]*)"$`, `Then 2 pods of deployment "web" are on node "worker-1"`,
			s3(func(n Count, name, node string) Step {
				return rsOnNode{want: n, rs: name, node: node, owner: "deployment"}
			})),
		phrase(f, `^(?:all )?(\d+) pods? of (replica set|deployment) "([^"]*)" (?:is|are) Ready on node "([^"]*)"$`, `Then 2 pods of deployment "web" are Ready on node "worker-1"`,
			s4(func(n Count, kind, name, node string) Step {
				return rsOnNode{want: n, rs: name, node: node, owner: owner(kind), ready: true}
			})),
	}
}
