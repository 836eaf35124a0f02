// Package cluster runs the parts of a split task (package shard) on NATS
// JetStream: a coordinator publishes one message per part to a work-queue
// stream, workers anywhere pull them, run each part on all their cores and
// publish its record to a durable results stream, and the coordinator
// checks every record and merges them.
//
//	srv, err := cluster.StartServer(cluster.ServerConfig{Listen: "127.0.0.1:4222", StoreDir: dir, Token: token})
//	merged, err := cluster.Coordinate(ctx, conn, job, cluster.Config{AckWait: time.Minute})
//	err = (&cluster.Worker{Solver: solverByName}).Run(ctx, conn) // on every machine
//
// # Delivery
//
// A worker acknowledges a part only after the server has stored its
// record (a publish acknowledged by JetStream), and while the part runs it
// tells the server every third of the ack wait that it is still at work.
// A worker that dies stops doing so, and its part is delivered again to
// another worker when the ack wait has passed. Records are published with
// the part's id as their Nats-Msg-Id, so the server drops a second record
// of a part within the duplicate window, and the coordinator keeps the
// first record of each part whatever arrives later. A worker given a part
// whose record is already stored acknowledges it without running it.
//
// A coordinator restarted on the same store reads the records stored so
// far and publishes only the parts that have neither a record nor a
// message still in the work queue (queued, or held by a worker): no part
// that finished is run again. It looks at the queue before the records,
// so a part finishing in between is seen as queued, not as missing.
//
// # Security
//
// The embedded server binds to 127.0.0.1 unless another address is given
// and requires a token; StartServer takes it, and NewToken makes a random
// one (WriteToken stores it with mode 0600 for the workers). Every record
// is checked before it is merged: the digest of its model, its job, and
// its example solution by the checker (shard.Check).
//
// # Limits
//
// The work and results streams keep their messages on disk with no bound
// of their own: a run of a million parts stores a million records of a
// few kB. The duplicate window is an hour; past it, a repeated record is
// stored but ignored by the coordinator.
package cluster
