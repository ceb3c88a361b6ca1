package dev.bluegreen.operator.it;

import dev.bluegreen.core.ReadinessPolicy;
import dev.bluegreen.core.TransitionPolicy;
import dev.bluegreen.core.extension.BlueGreenExtension;
import dev.bluegreen.core.extension.ExtensionParameters;
import dev.bluegreen.diff.ChangeKind;
import dev.bluegreen.diff.DiffRule;
import dev.bluegreen.diff.DiffRules;
import dev.bluegreen.diff.DiffRulesCustomiser;
import dev.bluegreen.operator.controller.Extensions;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.bluegreen.operator.it.Fixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Extensions in the running controller (issue 27): passed with {@code Config.withExtensions},
 * picked per resource by {@code kubernetes.operator.bluegreen.extension}, contained when they fail.
 */
@EnableKubernetesMockClient(crud = true)
class ExtensionIT {
    static final String EXTENSION = "kubernetes.operator.bluegreen.extension";

    /** Its readiness policy throws, naming the restarts it saw. */
    static final class Throwing implements BlueGreenExtension {
        @Override
        public String name() {
            return "throwing";
        }

        @Override
        public ReadinessPolicy readiness(ReadinessPolicy fromSpec, ExtensionParameters p) {
            return input -> {
                throw new IllegalStateException("saw restarts " + input.candidateRestarts());
            };
        }
    }

    /** Applies an image change to the running child in place instead of a transition. */
    static final class ImageInPlace implements BlueGreenExtension, DiffRulesCustomiser {
        @Override
        public String name() {
            return "image-in-place";
        }

        @Override
        public DiffRules customise(DiffRules fromSpec, Map<String, String> parameters) {
            var rule = DiffRule.path("template.spec.image", ChangeKind.PATCH_CHILD, "ours");
            return fromSpec.toBuilder().rule(rule).build();
        }
    }

    /** Its transition-policy customiser throws while {@link #failing}. */
    static final class Flaky implements BlueGreenExtension {
        volatile boolean failing = true;

        @Override
        public String name() {
            return "flaky";
        }

        @Override
        public TransitionPolicy customise(TransitionPolicy fromSpec, ExtensionParameters p) {
            if (failing) {
                throw new IllegalStateException("config service down");
            }
            return fromSpec;
        }
    }

    final Flaky flaky = new Flaky();
    KubernetesClient client;
    KubernetesMockServer server;
    FakeJobManagers jobManager;
    AutoCloseable routed;
    Harness h;

    @BeforeEach
    void start() throws Exception {
        jobManager = FakeJobManagers.start();
        routed = jobManager.routeThisJvm(client.getConfiguration().getMasterUrl());
        h =
                new Harness(
                        client,
                        server,
                        null,
                        c ->
                                c.withExtensions(
                                        Extensions.of(new Throwing(), new ImageInPlace(), flaky)));
    }

    @AfterEach
    void stop() throws Exception {
        h.close();
        routed.close();
        jobManager.close();
    }

    @Test
    void anUnknownExtensionIsAnInvalidSpecAndNoChildIsMade() {
        var parent = Fixtures.parent("payments", Fixtures.job(2, "savepoint"));
        parent.getSpec().getConfiguration().put(EXTENSION, "lenient");

        h.create(parent);

        await().atMost(Harness.WAIT)
                .untilAsserted(
                        () ->
                                assertThat(h.condition("payments", "InvalidSpec"))
                                        .isEqualTo("InvalidSpec"));
        var invalid = condition("payments", "InvalidSpec");
        assertThat(invalid)
                .contains(EXTENSION)
                .contains("unknown extension 'lenient'")
                .contains("flaky, image-in-place, throwing");
        assertThat(h.eventReasons("payments")).contains("Warning:InvalidSpec");
        assertThat(h.child("payments-blue")).isNull();
    }

    @Test
    void aThrowingPolicyKeepsItsParentOnBlueDegradedWhileAnotherSwitches() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.deployed(Fixtures.parent("payments", Fixtures.job(2, "savepoint")));
        h.option("orders", EXTENSION, "throwing");

        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.editTemplate("payments", t -> t.put("image", "v2"));

        h.awaitState("payments", "ACTIVE_GREEN");
        await().atMost(Harness.WAIT)
                .untilAsserted(
                        () ->
                                assertThat(h.condition("orders", "Degraded"))
                                        .isEqualTo("ReadinessPolicyFailed"));
        assertThat(condition("orders", "Degraded"))
                .contains("extension 'throwing': readiness policy: threw")
                .contains("java.lang.IllegalStateException: saw restarts 0");
        assertThat(h.eventReasons("orders")).contains("Warning:ReadinessPolicyFailed");
        assertThat(h.state("orders")).isEqualTo("TRANSITIONING_TO_GREEN");
        assertThat(h.get("orders").getStatus().getActiveColor()).isEqualTo("BLUE");
        assertThat(h.condition("payments", "Degraded")).isEqualTo("Healthy");
        assertThat(jobManager.requests()).anyMatch(r -> r.endsWith("/metrics?get=numRestarts"));
    }

    @Test
    void aDiffRuleOverrideTurnsATransitionIntoAnInPlacePatch() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().getConfiguration().put(EXTENSION, "image-in-place");
        h.deployed(parent);

        h.editTemplate("orders", t -> t.put("image", "flink:1.20.1"));

        await().atMost(Harness.WAIT)
                .until(() -> "flink:1.20.1".equals(spec(h.child("orders-blue"), "spec", "image")));
        h.awaitState("orders", "ACTIVE_BLUE");
        assertThat(h.child("orders-green")).isNull();
        assertThat(h.eventReasons("orders")).contains("Normal:PatchStarted");
    }

    @Test
    void aFailingCustomiserHoldsItsParentDegradedUntilItWorksAgain() {
        h.deployed(Fixtures.parent("orders", Fixtures.job(2, "savepoint")));
        h.option("orders", EXTENSION, "flaky");

        h.editTemplate("orders", t -> t.put("image", "v2"));

        await().atMost(Harness.WAIT)
                .untilAsserted(
                        () ->
                                assertThat(h.condition("orders", "Degraded"))
                                        .isEqualTo("ExtensionFailed"));
        assertThat(condition("orders", "Degraded"))
                .isEqualTo(
                        "extension 'flaky': customise: threw java.lang.IllegalStateException:"
                                + " config service down");
        assertThat(h.eventReasons("orders")).contains("Warning:ExtensionFailed");
        assertThat(h.state("orders")).isEqualTo("ACTIVE_BLUE");
        assertThat(h.child("orders-green")).isNull();

        flaky.failing = false;

        h.awaitState("orders", "ACTIVE_GREEN");
        assertThat(h.condition("orders", "Degraded")).isEqualTo("Healthy");
    }

    private String condition(String name, String type) {
        return h.get(name).getStatus().getConditions().stream()
                .filter(c -> c.getType().equals(type))
                .map(c -> c.getMessage())
                .findFirst()
                .orElse(null);
    }
}
