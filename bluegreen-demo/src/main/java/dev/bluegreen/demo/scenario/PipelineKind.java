package dev.bluegreen.demo.scenario;

/**
 * What the demo's jobs read and write: each kind has its resource and its job jar.
 *
 * <ul>
 *   <li>{@link #FILES}: the example job ({@code CountingJob}) with its own event-time source and a
 *       file sink, audited from the files;
 *   <li>{@link #KAFKA}: the Kafka example job ({@code KafkaCountingJob}) reading an input topic the
 *       demo feeds and writing an output topic with exactly-once transactions, on a real KRaft
 *       broker; audited from the output topic with {@code read_committed};
 *   <li>{@link #SQL}: a SQL script run by the Kafka example's {@code SqlRunner}: a Kafka source
 *       table, a one-second {@code TUMBLE} count per key, a Kafka sink table through the {@code
 *       bluegreen} connector, exactly-once, on the same broker; audited window by window.
 * </ul>
 */
public enum PipelineKind {
    /** The example job's files (the default). */
    FILES("/demo/orders.yaml", "bluegreen-example-job.jar"),
    /** Kafka topics on a real broker. */
    KAFKA("/demo/orders-kafka.yaml", "bluegreen-kafka-example.jar"),
    /** A SQL window job on Kafka topics on a real broker. */
    SQL("/demo/orders-sql.yaml", "bluegreen-kafka-example.jar");

    private final String resource;
    private final String jobJar;

    PipelineKind(String resource, String jobJar) {
        this.resource = resource;
        this.jobJar = jobJar;
    }

    /** The {@code FlinkBlueGreenDeployment} the demo applies: a classpath resource. */
    public String resource() {
        return resource;
    }

    /** The job jar's file name in the {@code usrlib} directory. */
    public String jobJar() {
        return jobJar;
    }
}
