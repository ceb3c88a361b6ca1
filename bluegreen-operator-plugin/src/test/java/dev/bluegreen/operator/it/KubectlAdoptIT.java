package dev.bluegreen.operator.it;

import dev.bluegreen.operator.internal.spec.ChildLabels;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code kubectl bluegreen adopt} and {@code status} of an adopted child, run through the real
 * kubectl against the embedded API. The controller is stopped: these tests check what the plugin
 * reads and writes; the controller's side of adoption is tested on its own.
 */
class KubectlAdoptIT {
    static final ObjectMapper JSON = new ObjectMapper();

    KubectlStack stack;
    Harness h;
    KubectlPlugin kubectl;
    KubectlObjects objects;
    @TempDir Path dir;

    @BeforeEach
    void start() throws IOException {
        stack = new KubectlStack(dir);
        h = stack.h;
        h.stopController();
        kubectl = stack.kubectl;
        objects = new KubectlObjects(h);
    }

    @AfterEach
    void stop() {
        stack.close();
    }

    @Test
    void adoptPrintsAParentWhoseTemplateIsTheRunningSpecVerbatim() throws IOException {
        objects.runningDeployment("checkout", KubectlObjects.RICH_SPEC, Map.of());
        String version = objects.deployment("checkout").getMetadata().getResourceVersion();

        var adopt = kubectl.run("adopt", "checkout", "--name", "orders");

        assertThat(adopt.exit()).as("%s", adopt).isZero();
        assertThat(adopt.err()).isEmpty();
        assertThat(adopt.out()).hasLineCount(1);
        JsonNode manifest = JSON.readTree(adopt.out());
        assertThat(manifest.path("apiVersion").asText()).isEqualTo("bluegreen.dev/v1alpha1");
        assertThat(manifest.path("kind").asText()).isEqualTo("FlinkBlueGreenDeployment");
        assertThat(manifest.path("metadata").path("name").asText()).isEqualTo("orders");
        assertThat(manifest.path("metadata").path("namespace").asText()).isEqualTo(Harness.NS);
        assertThat(manifest.path("spec").path("adoptDeployment").asText()).isEqualTo("checkout");
        assertThat(manifest.path("spec").path("transitionMode").asText()).isEqualTo("BASIC");
        assertThat(manifest.path("spec").path("template").path("spec"))
                .isEqualTo(objects.specOf("checkout"))
                .isEqualTo(JSON.readTree(KubectlObjects.RICH_SPEC));
        assertThat(objects.deployment("checkout").getMetadata().getResourceVersion())
                .isEqualTo(version);
        assertThat(objects.parent("orders")).isNull();
    }

    @Test
    void adoptApplyCreatesTheParentAndLeavesTheDeploymentAlone() throws IOException {
        objects.runningDeployment("checkout", Fixtures.job(2, "savepoint"), Map.of());
        var before = objects.deployment("checkout").getMetadata();

        var adopt = kubectl.run("-n", Harness.NS, "adopt", "checkout", "--name=orders", "--apply");

        assertThat(adopt.exit()).as("%s", adopt).isZero();
        assertThat(adopt.out())
                .isEqualTo(
                        "orders: created; the controller adopts checkout as blue, writing only its"
                                + " metadata (owner reference, labels, annotation): its job keeps"
                                + " running (kubectl bluegreen status orders)\n");
        JsonNode spec = JSON.valueToTree(objects.parent("orders").getAdditionalProperties());
        assertThat(spec.path("spec").path("adoptDeployment").asText()).isEqualTo("checkout");
        assertThat(spec.path("spec").path("template").path("spec"))
                .isEqualTo(objects.specOf("checkout"));
        var after = objects.deployment("checkout").getMetadata();
        assertThat(after.getResourceVersion()).isEqualTo(before.getResourceVersion());
        assertThat(after.getGeneration()).isEqualTo(before.getGeneration());

        assertFails(
                kubectl.run("adopt", "checkout", "--name", "orders", "--apply"),
                "orders: a FlinkBlueGreenDeployment of that name already exists; adopt creates a"
                        + " new one");
    }

    @Test
    void adoptNotesADeploymentThatIsNotRunningYet() {
        h.fake.holdJobs();
        objects.deployment("checkout", Fixtures.job(2, "savepoint"), Map.of(), null);
        objects.awaitJobState("checkout", "RECONCILING");

        var adopt = kubectl.run("adopt", "checkout", "--name", "orders");

        assertThat(adopt.exit()).as("%s", adopt).isZero();
        assertThat(adopt.out()).contains("\"adoptDeployment\":\"checkout\"");
        assertThat(adopt.err())
                .isEqualTo(
                        "kubectl-bluegreen: note: checkout is not stable and running yet"
                                + " (lifecycle DEPLOYED, job RECONCILING): the controller waits for"
                                + " it up to the readiness deadline (abort.grace-period)\n");
    }

    @Test
    void adoptRefusesWhatCannotBeAdoptedAndWritesNothing() {
        objects.runningDeployment("checkout", Fixtures.job(2, "savepoint"), Map.of());
        objects.deployment(
                "session", "{\"image\":\"flink:1.20\",\"flinkVersion\":\"v1_20\"}", Map.of(), null);
        // upstream's FlinkBlueGreenDeployment legacy owns its green with controller: false
        objects.deployment(
                "legacy-green",
                Fixtures.job(2, "savepoint"),
                Map.of(Adoptees.UPSTREAM_TYPE_LABEL, "GREEN"),
                Adoptees.upstreamParent("legacy"));
        objects.deployment(
                "managed",
                Fixtures.job(2, "savepoint"),
                Map.of(),
                KubectlObjects.controllerReference("apps.example.com/v1", "FlinkApp", "managed"));
        objects.deployment(
                "taken",
                Fixtures.job(2, "savepoint"),
                Map.of(ChildLabels.PARENT, "payments", ChildLabels.COLOR, "blue"),
                KubectlObjects.controllerReference(
                        "bluegreen.dev/v1alpha1", "FlinkBlueGreenDeployment", "payments"));

        assertFails(
                kubectl.run("adopt", "nosuch", "--name", "orders"),
                "nosuch: no FlinkDeployment of that name in namespace default");
        assertFails(
                kubectl.run("adopt", "checkout", "--name", "orders", "-n", "other"),
                "checkout: no FlinkDeployment of that name in namespace other");
        assertFails(
                kubectl.run("adopt", "session", "--name", "orders"),
                "session: a session cluster (no spec.job): only a FlinkDeployment that runs a job"
                        + " can be adopted");
        assertFails(
                kubectl.run("adopt", "legacy-green", "--name", "orders", "--apply"),
                "legacy-green: a child of FlinkBlueGreenDeployment legacy"
                        + " (flink.apache.org/v1beta1), which still manages its job; migrate that"
                        + " parent with kubectl bluegreen migrate legacy, or delete it with"
                        + " --cascade=orphan first");
        assertFails(
                kubectl.run("adopt", "managed", "--name", "orders"),
                "managed: owned by another controller: FlinkApp managed (apps.example.com/v1)");
        assertFails(
                kubectl.run("adopt", "taken", "--name", "orders", "--apply"),
                "taken: already adopted by FlinkBlueGreenDeployment payments"
                        + " (bluegreen.dev/parent=payments)");
        assertMisuse(
                kubectl.run("adopt", "checkout"),
                "adopt needs --name NAME: the FlinkBlueGreenDeployment to create");
        assertMisuse(
                kubectl.run("adopt", "checkout", "--name", "Orders_1"),
                "--name Orders_1: not a valid name (lowercase letters, digits and '-')");
        assertMisuse(
                kubectl.run("adopt", "checkout", "--name", "orders", "--mode", "ADVANCED"),
                "--mode ADVANCED: a running job adopted as it is has no record-level gate; adopt"
                        + " in BASIC mode (ADVANCED needs a new deployment)");
        assertMisuse(
                kubectl.run("status", "orders", "--name", "x"),
                "--name, --mode and --apply are options of adopt and migrate");
        assertThat(objects.parent("orders")).isNull();
        assertThat(objects.deployment("checkout").getMetadata().getLabels()).isNullOrEmpty();
        assertThat(objects.deployment("legacy-green").getMetadata().getOwnerReferences())
                .containsExactly(Adoptees.upstreamParent("legacy"));
    }

    @Test
    void adoptRefusesARunningChildOfUpstreamsParentAndWritesNothingOnIt() {
        // Given upstream's parent legacy running its blue, shaped as upstream leaves it
        objects.deployment(
                "legacy-blue",
                Fixtures.job(2, "savepoint"),
                Map.of(Adoptees.UPSTREAM_TYPE_LABEL, "BLUE"),
                Adoptees.upstreamParent("legacy"));
        objects.awaitJobState("legacy-blue", "RUNNING");
        var before = objects.deployment("legacy-blue");

        // When the user asks to adopt it, with --apply
        var adopt = kubectl.run("adopt", "legacy-blue", "--name", "orders", "--apply");

        // Then it is refused and nothing is written: no parent, the deployment as it was
        assertFails(
                adopt,
                "legacy-blue: a child of FlinkBlueGreenDeployment legacy"
                        + " (flink.apache.org/v1beta1), which still manages its job; migrate that"
                        + " parent with kubectl bluegreen migrate legacy, or delete it with"
                        + " --cascade=orphan first");
        assertThat(objects.parent("orders")).isNull();
        var after = objects.deployment("legacy-blue");
        assertThat(after.getMetadata().getResourceVersion())
                .isEqualTo(before.getMetadata().getResourceVersion());
        assertThat(after.getMetadata().getOwnerReferences())
                .containsExactly(Adoptees.upstreamParent("legacy"));
        assertThat(after.getMetadata().getLabels())
                .isEqualTo(Map.of(Adoptees.UPSTREAM_TYPE_LABEL, "BLUE"));
    }

    @Test
    void statusShowsAnAdoptedChildUnderTheColourOfItsLabel() {
        // an adopted deployment whose own name ends in -green, serving as blue
        objects.runningDeployment(
                "legacy-green",
                Fixtures.job(2, "savepoint"),
                Map.of(ChildLabels.PARENT, "orders", ChildLabels.COLOR, "blue"));
        objects.runningDeployment(
                "orders-green",
                Fixtures.job(4, "savepoint"),
                Map.of(ChildLabels.PARENT, "orders", ChildLabels.COLOR, "green"));
        h.create(Fixtures.parent("orders", Fixtures.job(4, "savepoint")));
        objects.parentStatus(
                "orders",
                Map.of(
                        "state", "TRANSITIONING_TO_GREEN",
                        "activeColor", "BLUE",
                        "activeChild", "legacy-green",
                        "adoptedChild", "legacy-green"));

        var status = kubectl.run("status", "orders");

        assertThat(status.exit()).as("%s", status).isZero();
        assertThat(status.field("Active")).isEqualTo("BLUE (legacy-green)");
        assertThat(status.field("Blue"))
                .isEqualTo(
                        "legacy-green (adopted, colour settings pending): "
                                + objects.childLine("legacy-green"));
        assertThat(status.field("Green"))
                .isEqualTo("orders-green: " + objects.childLine("orders-green"));
    }

    @Test
    void statusShowsWhetherTheAdoptedChildCarriesTheColourSettingsOfItsColour() {
        // adopted children that run with the colour key of the colour they play, of another one
        // (a kept green adopted as blue), and (a created green) a child that is not adopted
        objects.runningDeployment(
                "checkout",
                withColourKey("BLUE"),
                Map.of(ChildLabels.PARENT, "orders", ChildLabels.COLOR, "blue"));
        objects.runningDeployment(
                "orders-green",
                withColourKey("GREEN"),
                Map.of(ChildLabels.PARENT, "orders", ChildLabels.COLOR, "green"));
        h.create(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        objects.parentStatus(
                "orders",
                Map.of(
                        "state", "ACTIVE_BLUE",
                        "activeColor", "BLUE",
                        "activeChild", "checkout",
                        "adoptedChild", "checkout"));
        objects.runningDeployment(
                "kept-green",
                withColourKey("GREEN"),
                Map.of(ChildLabels.PARENT, "payments", ChildLabels.COLOR, "blue"));
        h.create(Fixtures.parent("payments", Fixtures.job(2, "savepoint")));
        objects.parentStatus(
                "payments",
                Map.of(
                        "state", "ACTIVE_BLUE",
                        "activeColor", "BLUE",
                        "activeChild", "kept-green",
                        "adoptedChild", "kept-green"));

        var orders = kubectl.run("status", "orders");
        var payments = kubectl.run("status", "payments");

        assertThat(orders.field("Blue"))
                .as("%s", orders)
                .isEqualTo("checkout (adopted): " + objects.childLine("checkout"));
        assertThat(orders.field("Green"))
                .isEqualTo("orders-green: " + objects.childLine("orders-green"));
        assertThat(payments.field("Blue"))
                .as("%s", payments)
                .isEqualTo(
                        "kept-green (adopted, colour settings pending): "
                                + objects.childLine("kept-green"));
    }

    /** A job spec whose flinkConfiguration has the colour key {@code bluegreen.color}. */
    static String withColourKey(String color) {
        return Fixtures.job(2, "savepoint")
                .replace(
                        "\"job\":",
                        "\"flinkConfiguration\":{\"bluegreen.color\":\"" + color + "\"},\"job\":");
    }

    static void assertFails(KubectlPlugin.Result result, String message) {
        assertThat(result.exit()).as("%s", result).isEqualTo(1);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).isEqualTo("kubectl-bluegreen: " + message + "\n");
    }

    static void assertMisuse(KubectlPlugin.Result result, String message) {
        assertThat(result.exit()).as("%s", result).isEqualTo(2);
        assertThat(result.out()).isEmpty();
        assertThat(result.err())
                .isEqualTo("kubectl-bluegreen: " + message + " (see kubectl bluegreen help)\n");
    }
}
