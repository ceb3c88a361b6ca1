package dev.bluegreen.demo.readiness;

import dev.bluegreen.demo.cluster.EmbeddedCluster;
import dev.bluegreen.demo.cluster.FlinkDeployments;
import dev.bluegreen.kafka.broker.KafkaBroker;
import dev.bluegreen.kafka.example.InputFeeder;
import dev.bluegreen.kafka.example.KafkaOutputAudit;
import dev.bluegreen.kafka.example.Topics;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.ReadinessMetrics;
import dev.bluegreen.operator.internal.observe.SourceBacklog;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.standin.Faults;

import com.fasterxml.jackson.databind.node.ArrayNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the readiness ITs and the benchmark run on: a real KRaft broker with the demo's topics fed
 * at a steady rate, the embedded Kubernetes API, the stand-in (each child a real Kafka example job
 * in a MiniCluster) and the controller, which reads the children's real REST APIs. The parent is
 * the demo's {@code orders-kafka.yaml} (BASIC mode) with the given options and {@code
 * metrics.fetcher.update-interval: 1 s} and {@code --max-partition-fetch-bytes 2048} on the
 * children. Not thread-safe except where noted.
 */
final class KafkaReadinessRig implements AutoCloseable {
    static final String NAME = "orders";
    static final int PARTITIONS = 4;
    static final int KEYS = 8;
    static final String PREFIX = "kubernetes.operator.bluegreen.";
    static final String METRICS_FETCH_INTERVAL = "metrics.fetcher.update-interval";
    static final String FETCH_BYTES = "2048";
    static final String KAFKA_PARENT = "/demo/orders-kafka.yaml";
    static final String SQL_PARENT = "/demo/orders-sql.yaml";

    private final KafkaBroker broker;
    private final EmbeddedCluster cluster;
    private final KubernetesClient client;
    private final ReadinessMetrics metrics = new ReadinessMetrics(Duration.ofSeconds(5));
    private InputFeeder feeder;

    private KafkaReadinessRig(KafkaBroker broker, EmbeddedCluster cluster) {
        this.broker = broker;
        this.cluster = cluster;
        this.client = cluster.client();
    }

    /** Starts the broker and the cluster under {@code out} (emptied first). */
    static KafkaReadinessRig start(Path out) throws IOException {
        recreate(out);
        Path usrlib = Path.of(System.getProperty("demo.usrlib", "target/usrlib"));
        KafkaBroker broker = KafkaBroker.start(out.resolve("kafka"));
        try {
            return new KafkaReadinessRig(
                    broker, EmbeddedCluster.start(out.resolve("work"), usrlib));
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
    }

    /**
     * Creates the topics, feeds the input at {@code ratePerSecond} and applies the parent with
     * {@code options} (keys without the {@value #PREFIX} prefix) and a soak of 0 s.
     */
    void deploy(long ratePerSecond, Map<String, String> options) {
        FlinkBlueGreenDeployment parent = load(KAFKA_PARENT);
        // pendingRecords counts what the consumer has not fetched: a small fetch buffer keeps a
        // backpressured green from hiding its backlog there (docs/controller.md, Readiness reads)
        ((ArrayNode) parent.getSpec().getTemplate().getSpec().path("job").path("args"))
                .add("--max-partition-fetch-bytes")
                .add(FETCH_BYTES);
        var configuration = new LinkedHashMap<>(parent.getSpec().getConfiguration());
        configuration.put(PREFIX + "readiness.soak", "0 s");
        options.forEach((key, value) -> configuration.put(PREFIX + key, value));
        parent.getSpec().setConfiguration(configuration);
        // the JobManager's REST API serves metrics it fetched at most this long ago (Flink's
        // default: 10 s): the controller's backlog readings are that fresh
        ((com.fasterxml.jackson.databind.node.ObjectNode)
                        parent.getSpec().getTemplate().getSpec().path("flinkConfiguration"))
                .put(METRICS_FETCH_INTERVAL, "1 s");
        deploy(ratePerSecond, parent);
    }

    /**
     * Creates the topics {@code orders-in} and {@code orders-out}, feeds the input at {@code
     * ratePerSecond} and creates {@code parent} (named {@value #NAME}) as given, with its {@code
     * --bootstrap-servers} argument pointed at the broker.
     */
    void deploy(long ratePerSecond, FlinkBlueGreenDeployment parent) {
        String servers = broker.bootstrapServers();
        Topics.create(servers, "orders-in", PARTITIONS);
        Topics.create(servers, "orders-out", PARTITIONS);
        feeder = InputFeeder.start(servers, "orders-in", PARTITIONS, ratePerSecond, KEYS);
        setArg(parent, "--bootstrap-servers", servers);
        client.resource(parent).create();
    }

    /** Upgrades to {@code --version v2} with {@code flag value} set in the job's arguments. */
    void upgrade(String flag, String value) {
        upgradeTo("v2", flag, value);
    }

    /**
     * Upgrades to {@code --version v2} with {@code flag value} set, and green's job submitted only
     * {@code greenStartDelay} after green's deployment, in the same spec change: the stand-in's
     * start-delay fault ({@value Faults#START_DELAY}) on the template, which the controller copies
     * to green only (blue keeps its spec). Green then starts behind by at least what the input
     * received meanwhile, however fast its JobManager would have started.
     */
    void upgradeWithSlowGreenStart(String flag, String value, Duration greenStartDelay) {
        edit(
                parent -> {
                    var template = parent.getSpec().getTemplate();
                    if (template.getMetadata() == null) {
                        template.setMetadata(new ObjectMeta());
                    }
                    var annotations = new LinkedHashMap<String, String>();
                    if (template.getMetadata().getAnnotations() != null) {
                        annotations.putAll(template.getMetadata().getAnnotations());
                    }
                    annotations.put(Faults.START_DELAY, greenStartDelay.toMillis() + "ms");
                    template.getMetadata().setAnnotations(annotations);
                    return withArgs(parent, "v2", flag, value);
                });
    }

    /** Upgrades to {@code --version version} with {@code flag value} set (added if absent). */
    void upgradeTo(String version, String flag, String value) {
        edit(parent -> withArgs(parent, version, flag, value));
    }

    private static FlinkBlueGreenDeployment withArgs(
            FlinkBlueGreenDeployment parent, String version, String flag, String value) {
        setArg(parent, "--version", version);
        ArrayNode args =
                (ArrayNode) parent.getSpec().getTemplate().getSpec().path("job").path("args");
        if (!hasArg(args, flag)) {
            args.add(flag).add(value);
        }
        setArg(parent, flag, value);
        return parent;
    }

    private static boolean hasArg(ArrayNode args, String flag) {
        for (var arg : args) {
            if (arg.asText().equals(flag)) {
                return true;
            }
        }
        return false;
    }

    /** The parent as the API has it now. */
    FlinkBlueGreenDeployment parent() {
        return client.resources(FlinkBlueGreenDeployment.class)
                .inNamespace(EmbeddedCluster.NAMESPACE)
                .withName(NAME)
                .get();
    }

    /** The parent's state, or {@code ""} before its first status. */
    String state() {
        var parent = parent();
        return parent == null || parent.getStatus() == null ? "" : parent.getStatus().getState();
    }

    /** The parent's condition of {@code type}, if any. */
    Optional<Condition> condition(String type) {
        var parent = parent();
        if (parent == null || parent.getStatus() == null) {
            return Optional.empty();
        }
        return parent.getStatus().getConditions().stream()
                .filter(c -> type.equals(c.getType()))
                .findFirst();
    }

    /**
     * Waits (polling every 100 ms, with Awaitility) until the parent's state satisfies {@code
     * done}; fails naming {@code what}, the state and the Progressing condition after {@code
     * bound}.
     */
    void awaitState(String what, Duration bound, Predicate<String> done) {
        await(what)
                .atMost(bound)
                .pollInterval(Duration.ofMillis(100))
                .untilAsserted(
                        () ->
                                assertThat(done.test(state()))
                                        .as(
                                                "%s not reached within %s; state %s, %s",
                                                what, bound, state(), condition("Progressing"))
                                        .isTrue());
    }

    /**
     * The child FlinkDeployment of {@code color} ({@code blue}, {@code green}), found by its labels
     * {@code bluegreen.dev/parent} and {@code bluegreen.dev/color} as the controller finds it (a
     * child's name is not always {@code <parent>-<color>}), or null.
     */
    GenericKubernetesResource child(String color) {
        return client
                .genericKubernetesResources(FlinkDeployments.CONTEXT)
                .inNamespace(EmbeddedCluster.NAMESPACE)
                .withLabel("bluegreen.dev/parent", NAME)
                .withLabel("bluegreen.dev/color", color)
                .list()
                .getItems()
                .stream()
                .findFirst()
                .orElse(null);
    }

    /** The job id in the child's status, or {@code ""}. Thread-safe. */
    String jobId(String color) {
        var child = child(color);
        return child == null ? "" : FlinkDeployments.jobId(child);
    }

    /** The running job of the child of {@code color} at its real REST address. Thread-safe. */
    Optional<ChildJob> job(String color) {
        var child = child(color);
        if (child == null) {
            return Optional.empty();
        }
        String jobId = FlinkDeployments.jobId(child);
        var rest = cluster.restAddress(child.getMetadata().getName());
        if (jobId.isEmpty() || rest.isEmpty()) {
            return Optional.empty();
        }
        var core = dev.bluegreen.core.Color.valueOf(color.toUpperCase(java.util.Locale.ROOT));
        return Optional.of(new ChildJob(core, rest.get(), jobId));
    }

    /**
     * The backlog of the child of {@code color} read from its real REST API as the controller reads
     * it; unknown with the reason when it does not run or cannot be read. Thread-safe.
     */
    SourceBacklog backlog(String color) {
        var job = job(color);
        if (job.isEmpty()) {
            return SourceBacklog.unknown("no job");
        }
        try {
            return metrics.backlog(job.get());
        } catch (UncheckedIOException e) {
            return SourceBacklog.unknown("REST API not readable");
        }
    }

    /** The Kubernetes events about the parent. */
    List<io.fabric8.kubernetes.api.model.Event> events() {
        return client
                .v1()
                .events()
                .inNamespace(EmbeddedCluster.NAMESPACE)
                .list()
                .getItems()
                .stream()
                .filter(e -> NAME.equals(e.getInvolvedObject().getName()))
                .toList();
    }

    /** The embedded API's client. */
    KubernetesClient client() {
        return client;
    }

    /** The broker's bootstrap servers. Thread-safe. */
    String bootstrapServers() {
        return broker.bootstrapServers();
    }

    /** The input's feeder, once deployed. */
    InputFeeder feeder() {
        return feeder;
    }

    /** Records fed so far. */
    long fed() {
        return feeder.sent();
    }

    /** Stops the feeder; returns how many records it wrote (ids 0 .. n-1). */
    long stopInput() {
        feeder.close();
        return feeder.sent();
    }

    /** The output topic read {@code read_committed} to its end. */
    List<dev.bluegreen.example.OutputAudit.Line> committedOutput() {
        return KafkaOutputAudit.readCommitted(broker.bootstrapServers(), "orders-out");
    }

    /**
     * The output topic read {@code read_committed} to its end once no transaction is open, waiting
     * at most {@code settle} for that.
     */
    List<dev.bluegreen.example.OutputAudit.Line> committedOutput(Duration settle) {
        return KafkaOutputAudit.readCommitted(broker.bootstrapServers(), "orders-out", settle);
    }

    @Override
    public void close() {
        try (broker;
                EmbeddedCluster c = cluster;
                InputFeeder f = feeder) {
            // closed in reverse order: the feeder, the cluster (its jobs), then the broker
        }
    }

    /** Replaces the parent by {@code change} of it (retried on a conflict). */
    void edit(UnaryOperator<FlinkBlueGreenDeployment> change) {
        for (int attempt = 1; ; attempt++) {
            try {
                client.resource(change.apply(parent())).update();
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt == 10) {
                    throw e;
                }
            }
        }
    }

    /** The parent of the demo's {@code resource}, e.g. {@value #SQL_PARENT}, as written. */
    FlinkBlueGreenDeployment load(String resource) {
        try (InputStream yaml = getClass().getResourceAsStream(resource)) {
            return client.resources(FlinkBlueGreenDeployment.class).load(yaml).item();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void setArg(FlinkBlueGreenDeployment parent, String flag, String value) {
        var args = (ArrayNode) parent.getSpec().getTemplate().getSpec().path("job").path("args");
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).asText().equals(flag)) {
                args.set(i + 1, value);
                return;
            }
        }
        throw new IllegalArgumentException("job.args has no " + flag + ": " + args);
    }

    private static void recreate(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (var paths = Files.walk(dir)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(dir);
    }
}
