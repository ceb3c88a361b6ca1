package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.HealthFacts;
import dev.bluegreen.core.JobState;
import dev.bluegreen.core.Lifecycle;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.resource.DeploymentTemplate;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;
import dev.bluegreen.operator.resource.GatewayParentRef;
import dev.bluegreen.operator.resource.HttpRoutePreviewSpec;
import dev.bluegreen.operator.resource.ParentHttpRouteSpec;
import dev.bluegreen.operator.resource.PreviewHeaderSpec;

import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRouteRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The desired parent HTTPRoute per state: active backend, and when the preview rule exists. */
class ParentRoutesTest {

    /**
     * One row per situation after a plan: state, traffic colour, how blue's and green's jobs are
     * observed ({@code -} = no child), and the backends of the route's rules (preview first).
     */
    @ParameterizedTest(name = "{0}, traffic {1}, blue {2}, green {3} -> {4}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
                    ACTIVE_BLUE            | BLUE  | RUNNING | -          | orders-blue-rest
                    SAVEPOINTING_BLUE      | BLUE  | RUNNING | -          | orders-blue-rest
                    TRANSITIONING_TO_GREEN | BLUE  | RUNNING | CREATED    | orders-blue-rest
                    TRANSITIONING_TO_GREEN | BLUE  | RUNNING | RUNNING    | orders-green-rest orders-blue-rest
                    TRANSITIONING_TO_GREEN | BLUE  | RUNNING | RESTARTING | orders-blue-rest
                    TRANSITIONING_TO_BLUE  | GREEN | -       | RUNNING    | orders-green-rest
                    TRANSITIONING_TO_BLUE  | GREEN | RUNNING | RUNNING    | orders-blue-rest orders-green-rest
                    RETIRING_BLUE          | GREEN | RUNNING | RUNNING    | orders-green-rest
                    RETIRING_GREEN         | BLUE  | RUNNING | RUNNING    | orders-blue-rest
                    ACTIVE_GREEN           | GREEN | -       | RUNNING    | orders-green-rest
                    PATCHING_BLUE          | BLUE  | RUNNING | -          | orders-blue-rest
                    FAILING_BLUE           | BLUE  | FAILED  | -          | orders-blue-rest
                    SUSPENDED_GREEN        | GREEN | -       | SUSPENDED  | orders-green-rest
                    """)
    void routesToTheTrafficColourAndPreviewsOnlyARunningIncomingChild(
            BlueGreenState state, Color traffic, String blue, String green, String backends) {
        var record = new TransitionRecord.Builder().state(state).trafficColor(traffic).build();

        var intent =
                ParentRoutes.intent(
                        spec(routeWithPreview()),
                        ChildSpecsTest.OWNER,
                        ChildSpecsTest.NAMES,
                        record,
                        child(blue),
                        child(green));

        assertThat(intent).isInstanceOf(RouteIntent.Present.class);
        assertThat(backends(((RouteIntent.Present) intent).route()))
                .containsExactly(backends.split(" "));
    }

    @Test
    void previewIsOffWithoutPreviewSettings() {
        var record =
                new TransitionRecord.Builder()
                        .state(BlueGreenState.TRANSITIONING_TO_GREEN)
                        .trafficColor(Color.BLUE)
                        .build();
        var route = routeWithPreview();
        route.setPreview(null);

        var intent =
                ParentRoutes.intent(
                        spec(route),
                        ChildSpecsTest.OWNER,
                        ChildSpecsTest.NAMES,
                        record,
                        child("RUNNING"),
                        child("RUNNING"));

        assertThat(backends(((RouteIntent.Present) intent).route()))
                .containsExactly("orders-blue-rest");
    }

    @Test
    void noRouteBeforeTrafficIsFirstSwitched() {
        var record =
                new TransitionRecord.Builder().state(BlueGreenState.TRANSITIONING_TO_BLUE).build();

        var intent =
                ParentRoutes.intent(
                        spec(routeWithPreview()),
                        ChildSpecsTest.OWNER,
                        ChildSpecsTest.NAMES,
                        record,
                        child("RUNNING"),
                        child("-"));

        assertThat(intent).isInstanceOf(RouteIntent.Pending.class);
    }

    @Test
    void noRouteSpecMeansAbsent() {
        var record =
                new TransitionRecord.Builder()
                        .state(BlueGreenState.ACTIVE_BLUE)
                        .trafficColor(Color.BLUE)
                        .build();

        var intent =
                ParentRoutes.intent(
                        spec(null),
                        ChildSpecsTest.OWNER,
                        ChildSpecsTest.NAMES,
                        record,
                        child("RUNNING"),
                        child("-"));

        assertThat(intent).isInstanceOf(RouteIntent.Absent.class);
    }

    @Test
    void backendsUseTheTemplatesRestPort() {
        var record =
                new TransitionRecord.Builder()
                        .state(BlueGreenState.ACTIVE_BLUE)
                        .trafficColor(Color.BLUE)
                        .build();
        var spec = spec(routeWithPreview());
        spec.getTemplate()
                .setSpec(SpecJson.parse("{\"flinkConfiguration\":{\"rest.port\":\"9091\"}}", "t"));

        var intent =
                ParentRoutes.intent(
                        spec,
                        ChildSpecsTest.OWNER,
                        ChildSpecsTest.NAMES,
                        record,
                        child("RUNNING"),
                        child("-"));

        HTTPRoute route = ((RouteIntent.Present) intent).route();
        assertThat(route.getSpec().getRules().get(0).getBackendRefs().get(0).getPort())
                .isEqualTo(9091);
    }

    static ParentHttpRouteSpec routeWithPreview() {
        var gateway = new GatewayParentRef();
        gateway.setName("public");
        var header = new PreviewHeaderSpec();
        header.setValue("green");
        var preview = new HttpRoutePreviewSpec();
        preview.setHeader(header);
        var route = new ParentHttpRouteSpec();
        route.setParentRefs(List.of(gateway));
        route.setPreview(preview);
        return route;
    }

    static FlinkBlueGreenDeploymentSpec spec(ParentHttpRouteSpec route) {
        var template = new DeploymentTemplate();
        template.setSpec(SpecJson.parse("{}", "t"));
        var spec = new FlinkBlueGreenDeploymentSpec();
        spec.setTemplate(template);
        spec.setHttpRoute(route);
        return spec;
    }

    private static ChildObservation child(String job) {
        if (job.equals("-")) {
            return ChildObservation.absent();
        }
        return new ChildObservation(
                true,
                false,
                "ref",
                1,
                1,
                false,
                Lifecycle.STABLE,
                JobState.valueOf(job),
                "job",
                null,
                HealthFacts.unknown());
    }

    private static List<String> backends(HTTPRoute route) {
        return route.getSpec().getRules().stream()
                .map(HTTPRouteRule::getBackendRefs)
                .map(refs -> refs.get(0).getName())
                .toList();
    }
}
