package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * API requests the controller sends per scenario (compare upstream's design, reference section l:
 * 17 writes + 8 reads for a savepoint transition, plus 15 s polls), and none at all at rest. Counts
 * only: how the fake's steps fall between reconciles does not change them (waits within a phase
 * write nothing). Reads are GETs of single objects (the informers' list and watch are shared by all
 * resources and not counted).
 */
@EnableKubernetesMockClient(crud = true)
class RequestCountIT {
    KubernetesClient client;
    KubernetesMockServer server;
    Harness h;
    int touches;

    @BeforeEach
    void start() {
        h = new Harness(client, server);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void savepointTransitionNeedsFewRequestsAndNoPolling() {
        var parent = Fixtures.parent("orders", Fixtures.job(2, "savepoint"));
        parent.getSpec().setIngress(TransitionIT.ingress());
        h.create(parent);
        h.awaitState("orders", "ACTIVE_BLUE");
        var first = count(h.drain());

        h.editTemplate("orders", t -> t.put("image", "v2"));
        h.awaitState("orders", "ACTIVE_GREEN");
        org.awaitility.Awaitility.await()
                .atMost(Harness.WAIT)
                .until(() -> h.child("orders-blue") == null);
        var transition = count(h.drain());
        var reconciles = new Reconciles(h.registry);
        // settled once a reconcile (an annotation the diff ignores) sends nothing; then one more
        await().atMost(Harness.WAIT).until(() -> count(afterATouch(reconciles)).get("all") == 0);
        var steady = count(afterATouch(reconciles));

        System.out.println("REQUESTS first deployment " + first);
        System.out.println("REQUESTS blue->green savepoint " + transition);
        System.out.println("REQUESTS steady state " + steady);
        assertThat(steady.get("all")).as("requests of a reconcile at rest").isZero();
        // at most 8 writes besides the events: snapshot, green, Ingress, blue delete and one status
        // write per state (SAVEPOINTING_BLUE, TRANSITIONING_TO_GREEN, RETIRING_BLUE, ACTIVE_GREEN)
        assertThat(transition.get("writes") - transition.get("create core/events"))
                .isLessThanOrEqualTo(8);
        assertThat(transition.get("update bluegreen.dev/flinkbluegreendeployments/status"))
                .isEqualTo(4);
        assertThat(transition.get("create core/events")).isEqualTo(4);
        assertThat(transition.get("reads")).isLessThanOrEqualTo(6);
        assertThat(transition.get("create flink.apache.org/flinkstatesnapshots")).isEqualTo(1);
        assertThat(first.get("writes")).isLessThanOrEqualTo(12);
    }

    /** The requests of the reconciles after an annotation the diff ignores. */
    private List<Harness.Call> afterATouch(Reconciles reconciles) {
        h.drain();
        reconciles.afterTrigger(
                () -> h.annotate("orders", "example.com/touch", Integer.toString(++touches)));
        return h.drain();
    }

    private static Map<String, Integer> count(List<Harness.Call> calls) {
        var ours =
                calls.stream()
                        .filter(c -> Harness.CONTROLLER_AGENT.equals(c.agent()))
                        .filter(c -> !c.path().contains("watch="))
                        .toList();
        Map<String, Integer> counts = new TreeMap<>();
        counts.put("all", ours.size());
        counts.put("writes", (int) ours.stream().filter(c -> !c.method().equals("GET")).count());
        counts.put(
                "reads",
                (int)
                        ours.stream()
                                .filter(
                                        c ->
                                                c.method().equals("GET")
                                                        && !c.path().contains("watch=")
                                                        && Rbac.access(c.method(), c.path())
                                                                .verb()
                                                                .equals("get"))
                                .count());
        ours.stream()
                .filter(c -> !c.method().equals("GET"))
                .collect(
                        Collectors.groupingBy(
                                c -> Rbac.access(c.method(), c.path()).toString(),
                                TreeMap::new,
                                Collectors.counting()))
                .forEach((k, v) -> counts.put(k, v.intValue()));
        return counts;
    }
}
