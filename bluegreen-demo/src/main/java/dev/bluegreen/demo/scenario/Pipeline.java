package dev.bluegreen.demo.scenario;

import dev.bluegreen.demo.summary.AuditCounts;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import java.util.OptionalLong;

/**
 * Where the demo's jobs read and write, and how the demo follows and audits their output: the
 * example job's files ({@link FilePipeline}) or Kafka topics ({@link KafkaPipeline}). One run per
 * instance; {@link #close()} releases what it started, also after a failure.
 */
interface Pipeline extends AutoCloseable {

    /**
     * Makes the pipeline ready for the parent's jobs (empty output, topics, input running) and
     * returns the parent pointed at it (its output directory or bootstrap servers in {@code
     * job.args}).
     *
     * @throws IllegalArgumentException naming the field when the parent lacks an argument it edits
     */
    FlinkBlueGreenDeployment prepare(FlinkBlueGreenDeployment parent);

    /** How far {@code version} has written so far (only output a reader can already see). */
    OutputProgress progress(String version);

    /**
     * Stops the input, if the demo feeds it.
     *
     * @return the last record id fed, which the output must reach before the last job stops; empty
     *     when the job makes its own input (files) or nothing was fed
     */
    OptionalLong stopInput();

    /** Audits the combined output of all jobs; call it when no job writes any more. */
    AuditCounts audit();

    /** Where the output is, for the report, e.g. a directory or a topic and its broker. */
    String describe();

    /** Stops what the pipeline started; idempotent. */
    @Override
    void close();
}
