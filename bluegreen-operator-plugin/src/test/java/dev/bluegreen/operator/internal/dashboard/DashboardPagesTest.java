package dev.bluegreen.operator.internal.dashboard;

import dev.bluegreen.operator.internal.status.EventSpec;
import dev.bluegreen.operator.resource.AnalysisCheckStatus;
import dev.bluegreen.operator.resource.AnalysisRunStatus;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;
import dev.bluegreen.operator.resource.HandbackStatus;
import dev.bluegreen.operator.resource.MeasurementStatus;

import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The pages escape every string that comes from a resource, and show what the caches hold. */
class DashboardPagesTest {
    static final String SCRIPT = "<script>document.title='pwned'</script>";
    static final String IMG = "\"><img src=x onerror=alert(1)>";
    static final String EVIL = SCRIPT + IMG + "'";
    static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");

    @Test
    void everyFieldOfTheParentsPageIsEscaped() {
        var data = data(List.of(hostile(EVIL, EVIL)), null);
        data.wrote(hostile(EVIL, EVIL), status(EVIL, "SAVEPOINTING_BLUE"), events(), T0);

        String page = ParentsPage.render(data.all(), EVIL, null);

        assertOnlyEscaped(page);
        assertThat(page).contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;");
    }

    @Test
    void everyFieldOfTheParentPageIsEscaped() {
        var parent = hostile(EVIL, EVIL);
        var data = data(List.of(parent), (ns, name) -> null);
        data.wrote(parent, status(EVIL, "SAVEPOINTING_BLUE"), events(), T0);
        data.wrote(parent, status(EVIL, "TRANSITIONING_TO_GREEN"), events(), T0.plusSeconds(5));

        String page = ParentPage.render(data.one(EVIL, EVIL).orElseThrow(), T0.plusSeconds(9));

        assertOnlyEscaped(page);
        assertThat(page).contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
        assertThat(page).contains("class=\"mark\"").contains("class=\"event-mark\"");
        assertThat(page).contains("class=\"measurement\"");
    }

    @Test
    void childrenFieldsAreEscapedAndOnlyAHostTemplateGivesAFlinkUiLink() {
        var parent = hostile("shop", "orders");
        GenericKubernetesResource blue =
                child("orders-blue", EVIL, "shop.example.com/{{namespace}}/{{name}}(/|$)(.*)");
        GenericKubernetesResource green = child("orders-green", "RUNNING", EVIL);
        var data =
                data(
                        List.of(parent),
                        (ns, name) ->
                                name.equals("orders-blue")
                                        ? blue
                                        : name.equals("orders-green") ? green : null);

        String page = ParentPage.render(data.one("shop", "orders").orElseThrow(), T0);

        assertOnlyEscaped(page);
        assertThat(page).contains("href=\"http://shop.example.com/shop/orders-blue/\"");
        assertThat(page).containsOnlyOnce("class=\"flink-ui\"");
    }

    @Test
    void parentsAreFilteredByNamespaceAndStateAndSortedByTheNewestChange() {
        var a = hostile("team-a", "old");
        var b = hostile("team-a", "new");
        var c = hostile("team-b", "other");
        a.getStatus().setState("ACTIVE_BLUE");
        b.getStatus().setState("SAVEPOINTING_BLUE");
        c.getStatus().setState("ACTIVE_BLUE");
        var data = data(List.of(a, b, c), null);
        data.wrote(a, status("x", "ACTIVE_BLUE"), List.of(), T0);
        data.wrote(b, status("x", "SAVEPOINTING_BLUE"), List.of(), T0.plusSeconds(60));
        data.wrote(c, status("x", "ACTIVE_BLUE"), List.of(), T0.plusSeconds(120));

        String all = ParentsPage.render(data.all(), null, null);
        String teamA = ParentsPage.render(data.all(), "team-a", "");
        String active = ParentsPage.render(data.all(), null, "ACTIVE_BLUE");

        assertThat(all.indexOf("data-name=\"other\"")).isLessThan(all.indexOf("data-name=\"new\""));
        assertThat(all.indexOf("data-name=\"new\"")).isLessThan(all.indexOf("data-name=\"old\""));
        assertThat(teamA)
                .contains("data-name=\"new\"", "data-name=\"old\"")
                .doesNotContain("data-name=\"other\"");
        assertThat(active)
                .contains("data-name=\"old\"", "data-name=\"other\"")
                .doesNotContain("data-name=\"new\"");
    }

    @Test
    void theLastTransitionsStartAndOutcomeComeFromTheHistory() {
        var parent = hostile("shop", "orders");
        var data = data(List.of(parent), null);
        var blue = status("x", "ACTIVE_BLUE");
        blue.setActiveColor("blue");
        var green = status("x", "ACTIVE_GREEN");
        green.setActiveColor("green");
        data.wrote(parent, blue, List.of(), T0);
        data.wrote(parent, status("x", "SAVEPOINTING_BLUE"), List.of(), T0.plusSeconds(10));
        data.wrote(parent, status("x", "TRANSITIONING_TO_GREEN"), List.of(), T0.plusSeconds(20));
        var during = data.one("shop", "orders").orElseThrow();
        data.wrote(parent, green, List.of(), T0.plusSeconds(30));
        var after = data.one("shop", "orders").orElseThrow();

        assertThat(during.transitionStart()).isEqualTo(T0.plusSeconds(10));
        assertThat(during.outcome()).isEqualTo("in flight");
        assertThat(after.transitionStart()).isEqualTo(T0.plusSeconds(10));
        assertThat(after.outcome()).isEqualTo("promoted to green");
        assertThat(after.lastChange()).isEqualTo(T0.plusSeconds(30));
    }

    @Test
    void theHistoryKeepsTheNewestChangesAndEventsWithinItsBound() {
        var history = new ParentHistory();
        for (int i = 0; i < ParentHistory.MAX_CHANGES + 10; i++) {
            history.entered("ns", "p", new StateChange(T0.plusSeconds(i), "S" + i, null, null));
            history.emitted("ns", "p", new EventNote(T0.plusSeconds(i), "Normal", "R" + i, "m"));
        }
        history.entered("ns", "p", new StateChange(T0.plusSeconds(99), "S59", null, null));

        assertThat(history.changes("ns", "p")).hasSize(ParentHistory.MAX_CHANGES);
        assertThat(history.changes("ns", "p").get(0).state()).isEqualTo("S10");
        assertThat(history.events("ns", "p")).hasSize(ParentHistory.MAX_EVENTS);
        assertThat(history.lastChange("ns", "p")).isEqualTo(T0.plusSeconds(59));
        history.forget("ns", "p");
        assertThat(history.size()).isZero();
    }

    /** No tag, attribute or script a resource's string could have opened survives. */
    private static void assertOnlyEscaped(String page) {
        assertThat(page)
                .doesNotContain("<script")
                .doesNotContain("<img")
                .doesNotContain("onerror=alert(1)>");
        assertThat(page).doesNotContain("'pwned'");
        assertThat(page.indexOf("<style>")).isEqualTo(page.lastIndexOf("<style>"));
    }

    private static DashboardData data(
            List<FlinkBlueGreenDeployment> parents,
            java.util.function.BiFunction<String, String, GenericKubernetesResource> children) {
        var data = new DashboardData();
        data.attach(() -> parents, children);
        return data;
    }

    private static List<EventSpec> events() {
        return List.of(
                new EventSpec("Warning", EVIL, EVIL),
                new EventSpec("Normal", "SavepointTaken", EVIL));
    }

    private static FlinkBlueGreenDeployment hostile(String namespace, String name) {
        return hostileParent(namespace, name, EVIL);
    }

    /** A parent whose every field that can hold text holds {@code text}. */
    static FlinkBlueGreenDeployment hostileParent(String namespace, String name, String text) {
        var parent = new FlinkBlueGreenDeployment();
        parent.setMetadata(
                new ObjectMetaBuilder()
                        .withNamespace(namespace)
                        .withName(name)
                        .withLabels(Map.of("app", text))
                        .withAnnotations(Map.of("note", text))
                        .build());
        parent.setStatus(status(text, text));
        return parent;
    }

    /** A status whose every text field holds {@code text}, in {@code state}. */
    static FlinkBlueGreenDeploymentStatus status(String text, String state) {
        var status = new FlinkBlueGreenDeploymentStatus();
        status.setState(state);
        status.setActiveColor(text);
        status.setTransitionModeText(text);
        List<io.fabric8.kubernetes.api.model.Condition> conditions = new ArrayList<>();
        for (String type : List.of("Ready", "Progressing", "Degraded", text)) {
            conditions.add(
                    new ConditionBuilder()
                            .withType(type)
                            .withStatus("True")
                            .withReason(text)
                            .withMessage(text)
                            .withLastTransitionTime(text)
                            .build());
        }
        status.setConditions(conditions);
        status.setAnalysis(analysis(text));
        var handback = new HandbackStatus();
        handback.setMessage(text);
        handback.setFrom(text);
        handback.setTo(text);
        handback.setAt(text);
        status.setHandback(handback);
        return status;
    }

    private static AnalysisStatus analysis(String text) {
        var measurement = new MeasurementStatus();
        measurement.setAt(text);
        measurement.setPhase(text);
        measurement.setValue(text);
        measurement.setMessage(text);
        var number = new MeasurementStatus();
        number.setValue("0.5");
        number.setPhase("Successful");
        var check = new AnalysisCheckStatus();
        check.setName(text);
        check.setProvider(text);
        check.setPhase(text);
        check.setMeasurements(List.of(measurement, number));
        var run = new AnalysisRunStatus();
        run.setPhase("Running");
        run.setMessage(text);
        run.setStartedAt(text);
        run.setChecks(List.of(check));
        var analysis = new AnalysisStatus();
        analysis.setPrePromotion(run);
        analysis.setPostPromotion(run);
        return analysis;
    }

    private static GenericKubernetesResource child(String name, String lifecycle, String template) {
        var child = new GenericKubernetesResource();
        child.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace("shop").build());
        child.setAdditionalProperty("spec", Map.of("ingress", Map.of("template", template)));
        child.setAdditionalProperty(
                "status", Map.of("lifecycleState", lifecycle, "jobStatus", Map.of("state", EVIL)));
        return child;
    }
}
