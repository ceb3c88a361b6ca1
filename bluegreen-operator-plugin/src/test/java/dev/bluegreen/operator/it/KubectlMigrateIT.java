package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * {@code kubectl bluegreen migrate} through the real kubectl, with the controller running, from the
 * upstream operator's FlinkBlueGreenDeployment in its real shapes ({@link UpstreamBlueGreen}) to
 * ours: the job run and the generation of the child are unchanged, the Ingress is the same object
 * throughout, and a transition after the migration deploys the other colour with our naming and our
 * savepoint. The embedded API has no garbage collector: after the plugin's {@code kubectl delete
 * --cascade=orphan}, the test removes upstream's owner references itself, as a real API server's
 * garbage collector does ({@link UpstreamBlueGreen#collectGarbage}).
 */
class KubectlMigrateIT {
    static final String GRACE = "kubernetes.operator.bluegreen.abort.grace-period";
    static final String RESCHEDULE =
            "kubernetes.operator.bluegreen.reconciliation.reschedule-interval";
    static final String DELAY = "kubernetes.operator.bluegreen.deployment-deletion.delay";

    KubectlStack stack;
    Harness h;
    KubectlPlugin kubectl;
    @TempDir Path dir;

    @BeforeEach
    void start() throws IOException {
        stack = new KubectlStack(dir);
        h = stack.h;
        kubectl = stack.kubectl;
        UpstreamBlueGreen.installCrd(h);
    }

    @AfterEach
    void stop() {
        stack.close();
    }

    static Map<String, String> upstreamConfiguration() {
        var configuration = new LinkedHashMap<String, String>();
        configuration.put(GRACE, "5 min");
        configuration.put(RESCHEDULE, "2 s");
        configuration.put(DELAY, "0 ms");
        configuration.put("team", "payments");
        return configuration;
    }

    /** Upstream's parent {@code orders} at rest on {@code color}, its child and its Ingress. */
    GenericKubernetesResource upstreamAtRest(String color) {
        var parent = UpstreamBlueGreen.parent(h, "orders", upstreamConfiguration());
        UpstreamBlueGreen.child(h, parent, color);
        UpstreamBlueGreen.ingress(h, parent, color);
        UpstreamBlueGreen.status(h, "orders", "ACTIVE_" + color.toUpperCase(), "RUNNING", null);
        return parent;
    }

    @Test
    void migratesAParentActiveOnGreenWithoutRestartingItsJobThenTransitionsToADerivedBlue()
            throws Exception {
        // Given upstream's parent orders at rest on green
        var upstream = upstreamAtRest("green");
        var before = Adoptees.Run.of(h.child("orders-green"));
        String ingressUid = ingressUid();

        // When the user migrates it
        var run = migrateApplied(upstream);

        // Then our parent adopted orders-green as green, on the same job run
        assertThat(run).contains("orders: adopted orders-green (ACTIVE_GREEN)");
        h.awaitState("orders", "ACTIVE_GREEN");
        var child = h.child("orders-green");
        assertThat(Adoptees.Run.of(child)).isEqualTo(before);
        assertThat(child.getMetadata().getOwnerReferences())
                .singleElement()
                .satisfies(r -> assertThat(r.getApiVersion()).isEqualTo("bluegreen.dev/v1alpha1"));
        assertThat(child.getMetadata().getLabels()).containsEntry("bluegreen.dev/color", "green");
        // upstream's hand-over leftovers stay on the running child
        assertThat(spec(child, "spec", "ingress", "template"))
                .isEqualTo("green-" + UpstreamBlueGreen.CHILD_INGRESS);
        assertThat(spec(child, "spec", "job", "initialSavepointPath"))
                .isEqualTo(UpstreamBlueGreen.HANDOVER);
        var parent = h.get("orders");
        assertThat(parent.getSpec().getConfiguration())
                .containsEntry(GRACE, "5 min")
                .containsEntry(RESCHEDULE, "2 s")
                .containsEntry(DELAY, "0 ms")
                .doesNotContainKey("team");
        assertThat(parent.getStatus().getAdoptedChild()).isEqualTo("orders-green");
        // upstream's leftovers are no change to roll out: nothing starts after the adoption
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(10))
                .until(
                        () ->
                                "ACTIVE_GREEN".equals(h.state("orders"))
                                        && h.child("orders-blue") == null);
        // the same Ingress object, now ours, still on the running child
        assertThat(ingressUid()).isEqualTo(ingressUid);
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-green-rest");
        assertThat(ingressOwner()).isEqualTo(parent.getMetadata().getUid());

        // When the template changes after the migration
        h.option("orders", "kubernetes.operator.bluegreen.readiness.soak", "0 ms");
        h.editTemplate("orders", t -> t.put("image", "flink:v2"));

        // Then blue is deployed with the derived name, our savepoint and our child ingress
        h.awaitState("orders", "ACTIVE_BLUE");
        var blue = h.child("orders-blue");
        assertThat(spec(blue, "spec", "image")).isEqualTo("flink:v2");
        assertThat(spec(blue, "spec", "job", "initialSavepointPath"))
                .startsWith("file:///savepoints/orders-")
                .isNotEqualTo(UpstreamBlueGreen.HANDOVER);
        assertThat(spec(blue, "spec", "ingress", "template"))
                .isEqualTo(UpstreamBlueGreen.CHILD_INGRESS);
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-blue-rest");
        await().atMost(Harness.WAIT).until(() -> h.child("orders-green") == null);
    }

    @Test
    void migratesAParentActiveOnBlueWithoutRestartingItsJobThenTransitionsToGreen()
            throws Exception {
        // Given upstream's parent orders at rest on blue
        var upstream = upstreamAtRest("blue");
        var before = Adoptees.Run.of(h.child("orders-blue"));

        // When the user migrates it
        var run = migrateApplied(upstream);

        // Then our parent adopted orders-blue as blue, on the same job run
        assertThat(run).contains("orders: adopted orders-blue (ACTIVE_BLUE)");
        assertThat(Adoptees.Run.of(h.child("orders-blue"))).isEqualTo(before);
        assertThat(h.child("orders-blue").getMetadata().getLabels())
                .containsEntry("bluegreen.dev/color", "blue");
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-blue-rest");

        // And a change afterwards is a blue -> green transition
        h.option("orders", "kubernetes.operator.bluegreen.readiness.soak", "0 ms");
        h.editTemplate("orders", t -> t.put("image", "flink:v2"));
        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(spec(h.child("orders-green"), "spec", "image")).isEqualTo("flink:v2");
        assertThat(spec(h.child("orders-green"), "spec", "ingress", "template"))
                .isEqualTo(UpstreamBlueGreen.CHILD_INGRESS);
        assertThat(h.ingressBackend("orders")).isEqualTo("orders-green-rest");
    }

    @Test
    void withoutApplyPrintsThePlanAndTheParentAndChangesNothing() {
        // Given upstream's parent orders at rest on green
        var upstream = upstreamAtRest("green");

        // When the user asks for the plan under another name
        var plan = kubectl.run("migrate", "orders", "--name", "payments");

        // Then it prints what it would do and what it does not carry over
        assertThat(plan.exit()).as("%s", plan).isZero();
        assertThat(plan.out())
                .contains("payments adopts it as blue without restarting its job")
                .contains("not carried over: spec.configuration[team]")
                .contains("kubectl delete " + "flinkbluegreendeployments.v1beta1.flink.apache.org")
                .contains("\"adoptDeployment\":\"orders-green\"")
                .contains("\"" + GRACE + "\":\"5 min\"")
                // the host stays: upstream's {{name}} rendered with upstream's name
                .contains("\"template\":\"orders.{{namespace}}.example.com\"");
        // and nothing changed
        assertThat(UpstreamBlueGreen.get(h, "orders")).isNotNull();
        assertThat(h.get("payments")).isNull();
        assertThat(h.child("orders-green").getMetadata().getOwnerReferences())
                .singleElement()
                .satisfies(r -> assertThat(r.getUid()).isEqualTo(upstream.getMetadata().getUid()));
    }

    /** One refusal: its name, how to break the upstream parent at rest, the message. */
    static Stream<Arguments> refusals() {
        return Stream.of(
                refusal(
                        "in a transition",
                        t ->
                                UpstreamBlueGreen.status(
                                        t.h,
                                        "orders",
                                        "TRANSITIONING_TO_GREEN",
                                        "RECONCILING",
                                        null),
                        "not at rest (status.blueGreenState TRANSITIONING_TO_GREEN)"),
                refusal(
                        "a hand-over savepoint pending",
                        t ->
                                UpstreamBlueGreen.status(
                                        t.h,
                                        "orders",
                                        "ACTIVE_BLUE",
                                        "RUNNING",
                                        "savepoint_trigger_1"),
                        "a hand-over savepoint is pending (status.savepointTriggerId savepoint_trigger_1)"),
                refusal(
                        "the last change failed",
                        t ->
                                UpstreamBlueGreen.status(
                                        t.h, "orders", "ACTIVE_BLUE", "FAILING", null),
                        "status.jobStatus.state is FAILING, not RUNNING"),
                refusal(
                        "two children",
                        t ->
                                UpstreamBlueGreen.child(
                                        t.h, UpstreamBlueGreen.get(t.h, "orders"), "green"),
                        "2 FlinkDeployments are owned by it (orders-blue orders-green)"),
                refusal(
                        "a savepoint pending on the child",
                        KubectlMigrateIT::childSavepointPending,
                        "orders-blue: a savepoint is pending on the child"),
                refusal(
                        "no child (deleted by hand)",
                        t ->
                                t.h.client
                                        .genericKubernetesResources(Adoptees.DEPLOYMENTS)
                                        .inNamespace(Harness.NS)
                                        .withName("orders-blue")
                                        .edit(
                                                fd -> {
                                                    fd.getMetadata().setOwnerReferences(null);
                                                    return fd;
                                                }),
                        "orders: 0 FlinkDeployments are owned by it: migrate needs exactly one child"),
                refusal(
                        "our parent of that name exists",
                        KubectlMigrateIT::ourParentExists,
                        "orders: a FlinkBlueGreenDeployment (bluegreen.dev) of that name already exists"));
    }

    static Arguments refusal(String name, Consumer<KubectlMigrateIT> breakIt, String message) {
        return arguments(name, breakIt, message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void refusesAParentNotAtRestSayingWhyInOneLineAndChangesNothing(
            String name, Consumer<KubectlMigrateIT> breakIt, String message) {
        // Given upstream's parent orders at rest on blue, then broken
        upstreamAtRest("blue");
        breakIt.accept(this);
        var owners = h.child("orders-blue").getMetadata().getOwnerReferences();
        boolean oursExisted = h.get("orders") != null;

        // When the user migrates it
        var run = kubectl.run("migrate", "orders", "--apply");

        // Then it refuses in one line and nothing changed
        assertThat(run.exit()).as("%s", run).isEqualTo(1);
        assertThat(run.err().strip().lines()).as("%s", run).singleElement();
        assertThat(run.err()).contains(message);
        assertThat(UpstreamBlueGreen.get(h, "orders")).isNotNull();
        assertThat(h.child("orders-blue").getMetadata().getOwnerReferences()).isEqualTo(owners);
        assertThat(h.get("orders") != null).isEqualTo(oursExisted);
    }

    @Test
    void refusesAMissingParentAndBadOptions() {
        var run = kubectl.run("migrate", "nothere");

        assertThat(run.exit()).as("%s", run).isEqualTo(1);
        assertThat(run.err())
                .contains("nothere: no FlinkBlueGreenDeployment (flink.apache.org/v1beta1)");
        KubectlAdoptIT.assertMisuse(
                kubectl.run("migrate", "orders", "--mode", "BASIC"),
                "--mode is an option of adopt (migrate keeps BASIC, as upstream)");
        KubectlAdoptIT.assertMisuse(
                kubectl.run("migrate", "orders", "--name", "Payments_1"),
                "--name Payments_1: not a valid name (lowercase letters, digits and '-')");
        KubectlAdoptIT.assertMisuse(
                kubectl.run("migrate"),
                "migrate needs the name of the upstream operator's FlinkBlueGreenDeployment");
    }

    static void childSavepointPending(KubectlMigrateIT t) {
        var children =
                t.h.client.genericKubernetesResources(Adoptees.DEPLOYMENTS).inNamespace(Harness.NS);
        var child = children.withName("orders-blue").get();
        @SuppressWarnings("unchecked")
        var status = (Map<String, Object>) child.getAdditionalProperties().get("status");
        @SuppressWarnings("unchecked")
        var job = (Map<String, Object>) status.get("jobStatus");
        job.put("savepointInfo", Map.of("triggerId", "a1b2c3", "triggerType", "MANUAL"));
        children.resource(child).updateStatus();
    }

    static void ourParentExists(KubectlMigrateIT t) {
        // one of ours named orders (it adopts nothing: its deployment to adopt does not exist)
        t.h.create(Adoptees.parent("orders", "missing", Fixtures.job(2, "savepoint")));
    }

    /**
     * Runs {@code migrate orders --apply} and plays the API server's garbage collector once the
     * plugin deleted upstream's parent; returns what the plugin printed.
     */
    private String migrateApplied(GenericKubernetesResource upstream) throws Exception {
        Process process = kubectl.start("migrate", "orders", "--apply");
        await().atMost(Harness.WAIT).until(() -> UpstreamBlueGreen.get(h, "orders") == null);
        // the plugin waits for the detach: no parent of ours while upstream's reference is there
        await().during(Duration.ofSeconds(2))
                .atMost(Duration.ofSeconds(5))
                .until(() -> h.get("orders") == null);
        assertThat(h.ingressBackend("orders")).isNotNull();
        // the API server's step after the orphan delete (the embedded API has no garbage collector)
        UpstreamBlueGreen.collectGarbage(h, upstream.getMetadata().getUid());
        assertThat(process.waitFor(90, TimeUnit.SECONDS)).isTrue();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(out).isZero();
        return out;
    }

    private String ingressUid() {
        return h.client
                .network()
                .v1()
                .ingresses()
                .inNamespace(Harness.NS)
                .withName("orders")
                .get()
                .getMetadata()
                .getUid();
    }

    private String ingressOwner() {
        return h
                .client
                .network()
                .v1()
                .ingresses()
                .inNamespace(Harness.NS)
                .withName("orders")
                .get()
                .getMetadata()
                .getOwnerReferences()
                .stream()
                .map(r -> r.getUid())
                .reduce((a, b) -> a + "," + b)
                .orElse(null);
    }
}
