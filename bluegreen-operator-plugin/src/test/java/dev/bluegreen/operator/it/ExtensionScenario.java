package dev.bluegreen.operator.it;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the fork, drop-in and standalone ITs show with the example extension {@code steady-green}
 * (bluegreen-example-policy), whichever way the controller runs: two parents pick it, one with a
 * {@code min-uptime} of 1 h for its next version (held: the policy says not yet, and the status
 * says why) and one with 2 s (switched); then a change of a {@code metrics.reporter.*} key, which
 * the extension's diff override classifies as a patch of the running child instead of a transition.
 * {@code diagnostics} adds the controller's log to failure messages.
 */
final class ExtensionScenario {
    static final Duration WAIT = Duration.ofSeconds(40);
    static final String EXTENSION = "kubernetes.operator.bluegreen.extension";
    static final String MIN_UPTIME = EXTENSION + ".min-uptime";
    static final String REPORTER_PORT = "metrics.reporter.prom.port";

    private final KubernetesClient client;
    private final Supplier<String> diagnostics;

    ExtensionScenario(KubernetesClient client, Supplier<String> diagnostics) {
        this.client = client;
        this.diagnostics = diagnostics;
    }

    /** A parent picking {@code steady-green} (or no extension when {@code extension} is null). */
    static FlinkBlueGreenDeployment parent(String name, String extension) {
        var parent = Fixtures.parent(name, Fixtures.job(2, "savepoint"));
        if (extension != null) {
            parent.getSpec().getConfiguration().put(EXTENSION, extension);
            parent.getSpec().getConfiguration().put(MIN_UPTIME, "0 s");
        }
        return parent;
    }

    /**
     * Creates parents picking {@code steady-green} ({@code min-uptime: 0 s}) and parents picking
     * none ({@code plain}), all at once, and waits until blue serves each. The checks below expect
     * theirs deployed: {@code held} and {@code steady}, {@code restarted}, {@code plain}.
     */
    void deployed(List<String> withExtension, List<String> plain) {
        withExtension.forEach(name -> client.resource(parent(name, "steady-green")).create());
        plain.forEach(name -> client.resource(parent(name, null)).create());
        withExtension.forEach(name -> awaitState(name, "ACTIVE_BLUE"));
        plain.forEach(name -> awaitState(name, "ACTIVE_BLUE"));
    }

    /** Both parents get a new image, each with its own min-uptime. */
    void runsTheSwitchOnlyWhenThePolicySaysReady() {
        newVersion("held", "1 h");
        newVersion("steady", "2 s");

        awaitState("steady", "ACTIVE_GREEN");
        await().atMost(WAIT)
                .untilAsserted(
                        () ->
                                assertThat(messages("held"))
                                        .as("held's conditions; %s", describe("held"))
                                        .anyMatch(m -> m.contains("of min-uptime 1 h")));
        assertThat(state("held")).as(describe("held")).isEqualTo("TRANSITIONING_TO_GREEN");
        assertThat(get("held").getStatus().getActiveColor()).isEqualToIgnoringCase("blue");
        assertThat(child("held-green")).as("green runs, held back by the policy").isNotNull();
    }

    /** A new version whose job run restarted is held however short its min-uptime. */
    void holdsARunThatRestarted(FakeJobManagers jobManagers) {
        jobManagers.restarts("restarted-green", 1);

        newVersion("restarted", "0 s");

        await().atMost(WAIT)
                .untilAsserted(
                        () ->
                                assertThat(messages("restarted"))
                                        .as("conditions; %s", describe("restarted"))
                                        .anyMatch(m -> m.contains("restarted 1 time(s)")));
        assertThat(state("restarted")).isEqualTo("TRANSITIONING_TO_GREEN");
    }

    /** The extension's diff override: a reporter key is patched into the running green child. */
    void patchesReporterKeysInPlace() {
        editConfiguration("steady", REPORTER_PORT, "9250");

        await().atMost(WAIT)
                .untilAsserted(
                        () ->
                                assertThat(flinkConfiguration(child("steady-green")))
                                        .as(describe("steady"))
                                        .containsEntry(REPORTER_PORT, "9250"));
        awaitState("steady", "ACTIVE_GREEN");
        assertThat(child("steady-blue")).as("no transition to a new blue child").isNull();
    }

    /** Without the extension the same change is a transition: a new child gets it. */
    void withoutTheExtensionAReporterKeyStartsATransition() {
        editConfiguration("plain", REPORTER_PORT, "9250");

        await().atMost(WAIT)
                .untilAsserted(
                        () -> assertThat(child("plain-green")).as(describe("plain")).isNotNull());
        assertThat(flinkConfiguration(child("plain-green"))).containsEntry(REPORTER_PORT, "9250");
        assertThat(flinkConfiguration(child("plain-blue"))).doesNotContainKey(REPORTER_PORT);
    }

    private void newVersion(String name, String minUptime) {
        edit(
                name,
                p -> {
                    ((ObjectNode) p.getSpec().getTemplate().getSpec()).put("image", "flink:1.20.1");
                    p.getSpec().getConfiguration().put(MIN_UPTIME, minUptime);
                });
    }

    private void editConfiguration(String name, String key, String value) {
        edit(
                name,
                p ->
                        ((ObjectNode) p.getSpec().getTemplate().getSpec())
                                .withObjectProperty("flinkConfiguration")
                                .put(key, value));
    }

    private void edit(String name, java.util.function.Consumer<FlinkBlueGreenDeployment> change) {
        await().atMost(WAIT)
                .ignoreExceptions()
                .until(
                        () -> {
                            var parent = get(name);
                            change.accept(parent);
                            client.resource(parent).update();
                            return true;
                        });
    }

    void awaitState(String name, String state) {
        await().atMost(WAIT)
                .untilAsserted(() -> assertThat(state(name)).as(describe(name)).isEqualTo(state));
    }

    private FlinkBlueGreenDeployment get(String name) {
        return client.resources(FlinkBlueGreenDeployment.class)
                .inNamespace(Fixtures.NS)
                .withName(name)
                .get();
    }

    private String state(String name) {
        var parent = get(name);
        return parent == null || parent.getStatus() == null ? null : parent.getStatus().getState();
    }

    private List<String> messages(String name) {
        var parent = get(name);
        if (parent == null || parent.getStatus() == null) {
            return List.of();
        }
        return parent.getStatus().getConditions().stream()
                .map(Condition::getMessage)
                .filter(m -> m != null)
                .toList();
    }

    private GenericKubernetesResource child(String name) {
        return client.genericKubernetesResources("flink.apache.org/v1beta1", "FlinkDeployment")
                .inNamespace(Fixtures.NS)
                .withName(name)
                .get();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> flinkConfiguration(GenericKubernetesResource child) {
        assertThat(child).isNotNull();
        Object spec = child.getAdditionalProperties().get("spec");
        Object conf = spec instanceof Map<?, ?> m ? m.get("flinkConfiguration") : null;
        return conf instanceof Map<?, ?> c ? (Map<String, Object>) c : Map.of();
    }

    private String describe(String name) {
        var parent = get(name);
        return "status "
                + (parent == null ? "(gone)" : parent.getStatus())
                + "; controller: "
                + diagnostics.get();
    }
}
