package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.core.Action;
import dev.bluegreen.core.Color;
import dev.bluegreen.ingress.IngressApiVersion;
import dev.bluegreen.operator.internal.config.HandoverSettings;
import dev.bluegreen.operator.internal.spec.RouteIntent;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.internal.spec.SpecRefs;
import dev.bluegreen.operator.internal.spec.TrafficIntent;
import dev.bluegreen.operator.resource.DeploymentTemplate;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;
import dev.bluegreen.operator.resource.ParentIngressSpec;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

/**
 * The parent Ingress outside a traffic switch: converged from the cached copy the caller passes
 * ({@link LiveTraffic}) to the colour traffic points at after the plan, so a hand edit is put back
 * with one PUT and an Ingress as it should be costs nothing; never deleted there.
 */
@EnableKubernetesMockClient(crud = true)
class IngressConvergenceTest {
    static final TrafficIntent TO_BLUE = new TrafficIntent(Color.BLUE, new RouteIntent.Pending());

    KubernetesClient client;
    PlanExecutor executor;
    FlinkBlueGreenDeployment parent;
    SpecRefs specs;

    @BeforeEach
    void setUp() {
        executor = new PlanExecutor(client);
        var template = new DeploymentTemplate();
        template.setSpec(SpecJson.parse("{\"image\":\"flink:1.20\"}", "t"));
        var spec = new FlinkBlueGreenDeploymentSpec();
        spec.setTemplate(template);
        var ingress = new ParentIngressSpec();
        ingress.setTemplate("{{name}}.example.com");
        spec.setIngress(ingress);
        parent = new FlinkBlueGreenDeployment();
        parent.setMetadata(
                new ObjectMetaBuilder()
                        .withName("orders")
                        .withNamespace("default")
                        .withUid("uid-1")
                        .build());
        parent.setSpec(spec);
        specs = SpecRefs.of(SpecJson.tree(spec), null);
        executor.execute(
                parent,
                specs,
                List.of(new Action.SwitchTraffic(Color.BLUE)),
                HandoverSettings.DEFAULTS);
    }

    @Test
    void aHandEditIsPutBackFromTheCachedCopy() {
        Ingress edited = editBackend("elsewhere-rest");

        Applied applied = converge(new LiveTraffic(edited, null), TO_BLUE);

        assertThat(backend(live())).isEqualTo("orders-blue-rest");
        assertThat(applied.ingress()).isNotNull();
        assertThat(applied.ingress().getMetadata().getResourceVersion())
                .isEqualTo(live().getMetadata().getResourceVersion())
                .isNotEqualTo(edited.getMetadata().getResourceVersion());
    }

    @Test
    void anIngressAsItShouldBeIsNotWritten() {
        var before = live();

        Applied applied = converge(new LiveTraffic(before, null), TO_BLUE);

        assertThat(applied.nothing()).isTrue();
        assertThat(live().getMetadata().getResourceVersion())
                .isEqualTo(before.getMetadata().getResourceVersion());
    }

    @Test
    void anIngressTheCacheHasNotSeenIsReadAfterTheConflictAndPutBack() {
        editBackend("elsewhere-rest");

        Applied applied = converge(LiveTraffic.NONE, TO_BLUE);

        assertThat(backend(live())).isEqualTo("orders-blue-rest");
        assertThat(applied.ingress()).isNotNull();
    }

    @Test
    void aHandDeletedIngressIsCreatedAgain() {
        client.resource(live()).delete();

        converge(LiveTraffic.NONE, TO_BLUE);

        assertThat(backend(live())).isEqualTo("orders-blue-rest");
    }

    @Test
    void beforeAnythingServesTheIngressIsLeftAsItIs() {
        Ingress edited = editBackend("elsewhere-rest");

        Applied applied =
                converge(
                        new LiveTraffic(edited, null),
                        new TrafficIntent(null, new RouteIntent.Pending()));

        assertThat(applied.nothing()).isTrue();
        assertThat(backend(live())).isEqualTo("elsewhere-rest");
    }

    @Test
    void withoutSpecIngressNothingIsDeletedOutsideASwitch() {
        parent.getSpec().setIngress(null);

        Applied applied = converge(new LiveTraffic(live(), null), TO_BLUE);

        assertThat(applied.nothing()).isTrue();
        assertThat(live()).isNotNull();
    }

    @Test
    void aV1beta1IngressIsComparedByItsSpecAndAHandEditPutBack() {
        var beta = new PlanExecutor(client, IngressApiVersion.NETWORKING_V1BETA1);
        var betaIngress = client.network().v1beta1().ingresses().inNamespace("default");
        beta.execute(
                parent,
                specs,
                List.of(new Action.SwitchTraffic(Color.BLUE)),
                HandoverSettings.DEFAULTS);
        var asItShouldBe = betaIngress.withName("orders").get();

        Applied unchanged =
                beta.execute(
                        parent,
                        specs,
                        List.of(),
                        HandoverSettings.DEFAULTS,
                        new LiveTraffic(asItShouldBe, null),
                        TO_BLUE);
        asItShouldBe
                .getSpec()
                .getRules()
                .get(0)
                .getHttp()
                .getPaths()
                .get(0)
                .getBackend()
                .setServiceName("elsewhere-rest");
        var edited = client.resource(asItShouldBe).update();
        Applied putBack =
                beta.execute(
                        parent,
                        specs,
                        List.of(),
                        HandoverSettings.DEFAULTS,
                        new LiveTraffic(edited, null),
                        TO_BLUE);

        assertThat(unchanged.nothing()).isTrue();
        assertThat(putBack.ingress()).isNotNull();
        assertThat(
                        betaIngress
                                .withName("orders")
                                .get()
                                .getSpec()
                                .getRules()
                                .get(0)
                                .getHttp()
                                .getPaths()
                                .get(0)
                                .getBackend()
                                .getServiceName())
                .isEqualTo("orders-blue-rest");
    }

    @Test
    void anIngressFoundAsItShouldBeIsNotComparedAgainAtTheSameVersion() {
        var check = new IngressCheck();
        converge(new LiveTraffic(live(), null, check), TO_BLUE);
        // the same version with other content: only the check can tell it was found as it should be
        Ingress sameVersion = live();
        pointAt(sameVersion, "elsewhere-rest");

        Applied checked = converge(new LiveTraffic(sameVersion, null, check), TO_BLUE);
        Applied unchecked = converge(new LiveTraffic(sameVersion, null), TO_BLUE);

        assertThat(checked.nothing()).isTrue();
        assertThat(unchecked.ingress()).isNotNull();
    }

    @Test
    void aHandEditAfterTheIngressWasFoundAsItShouldBeIsPutBackAndItsWriteRemembered() {
        var check = new IngressCheck();
        converge(new LiveTraffic(live(), null, check), TO_BLUE);
        Ingress edited = editBackend("elsewhere-rest");

        Applied putBack = converge(new LiveTraffic(edited, null, check), TO_BLUE);
        var written = (Ingress) putBack.ingress();
        pointAt(written, "elsewhere-rest");
        Applied again = converge(new LiveTraffic(written, null, check), TO_BLUE);

        assertThat(putBack.ingress()).isNotNull();
        assertThat(backend(live())).isEqualTo("orders-blue-rest");
        assertThat(again.nothing()).isTrue();
    }

    @Test
    void aSpecOrColourChangeAfterTheIngressWasFoundAsItShouldBeIsWritten() {
        var check = new IngressCheck();
        converge(new LiveTraffic(live(), null, check), TO_BLUE);
        var toGreen = new TrafficIntent(Color.GREEN, new RouteIntent.Pending());

        Applied green = converge(new LiveTraffic(live(), null, check), toGreen);
        parent.getSpec().getIngress().setTemplate("{{name}}.other.example.com");
        Applied host = converge(new LiveTraffic(live(), null, check), toGreen);

        assertThat(green.ingress()).isNotNull();
        assertThat(host.ingress()).isNotNull();
        assertThat(live().getSpec().getRules().get(0).getHost())
                .isEqualTo("orders.other.example.com");
        assertThat(backend(live())).isEqualTo("orders-green-rest");
    }

    @Test
    void anIntentNeedsARouteIntent() {
        assertThatNullPointerException()
                .isThrownBy(() -> new TrafficIntent(Color.BLUE, null))
                .withMessage("route == null");
    }

    private Applied converge(LiveTraffic live, TrafficIntent intent) {
        return executor.execute(parent, specs, List.of(), HandoverSettings.DEFAULTS, live, intent);
    }

    /** Points the live Ingress at {@code service}, as a hand edit (a PUT) does. */
    private Ingress editBackend(String service) {
        Ingress ingress = live();
        pointAt(ingress, service);
        return client.resource(ingress).update();
    }

    /** Points {@code ingress}'s backend at {@code service} (in this copy only). */
    private static void pointAt(Ingress ingress, String service) {
        ingress.getSpec()
                .getRules()
                .get(0)
                .getHttp()
                .getPaths()
                .get(0)
                .getBackend()
                .getService()
                .setName(service);
    }

    private Ingress live() {
        return client.network().v1().ingresses().inNamespace("default").withName("orders").get();
    }

    private static String backend(Ingress ingress) {
        return ingress.getSpec()
                .getRules()
                .get(0)
                .getHttp()
                .getPaths()
                .get(0)
                .getBackend()
                .getService()
                .getName();
    }
}
