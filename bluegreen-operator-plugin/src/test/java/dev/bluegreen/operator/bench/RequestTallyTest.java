package dev.bluegreen.operator.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The benchmark's request classification and counting. */
class RequestTallyTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "get of a child, GET, /apis/flink.apache.org/v1beta1/namespaces/ns/flinkdeployments/a-blue, get, flink.apache.org/flinkdeployments",
        "informer watch, GET, /apis/flink.apache.org/v1beta1/flinkdeployments?labelSelector=x&watch=true, watch, flink.apache.org/flinkdeployments",
        "informer list, GET, /apis/flink.apache.org/v1beta1/flinkdeployments?labelSelector=x, list, flink.apache.org/flinkdeployments",
        "status write, PUT, /apis/bluegreen.dev/v1alpha1/namespaces/ns/flinkbluegreendeployments/a/status, update, bluegreen.dev/flinkbluegreendeployments/status",
        "event, POST, /api/v1/namespaces/ns/events, create, core/events",
        "finalizer patch, PATCH, /apis/bluegreen.dev/v1alpha1/namespaces/ns/flinkbluegreendeployments/a, patch, bluegreen.dev/flinkbluegreendeployments",
        "child delete, DELETE, /apis/flink.apache.org/v1beta1/namespaces/ns/flinkdeployments/a-blue, delete, flink.apache.org/flinkdeployments",
        "collection delete, DELETE, /apis/flink.apache.org/v1beta1/namespaces/ns/flinkstatesnapshots?labelSelector=x, deletecollection, flink.apache.org/flinkstatesnapshots",
        "cluster-scoped get, GET, /apis/apiextensions.k8s.io/v1/customresourcedefinitions/x.flink.apache.org, get, apiextensions.k8s.io/customresourcedefinitions",
        "group discovery, GET, /apis/flink.apache.org/v1beta1, discovery, /apis/flink.apache.org/v1beta1",
        "version, GET, /version, discovery, /version",
    })
    void requestsAreClassifiedByVerbAndResource(
            String name, String method, String path, String verb, String resource) {
        assertThat(ApiRequest.of("agent", method, path))
                .isEqualTo(new ApiRequest("agent", verb, resource));
    }

    @Test
    void talliesCountWritesAndVerbsPerSender() {
        // given
        var tally = new RequestTally();
        String status =
                "/apis/bluegreen.dev/v1alpha1/namespaces/ns/flinkbluegreendeployments/a/status";

        // when
        tally.add(ApiRequest.of("controller", "PUT", status));
        tally.add(ApiRequest.of("controller", "PUT", status));
        tally.add(ApiRequest.of("controller", "GET", "/api/v1/namespaces/ns/events/e"));
        tally.add(ApiRequest.of("fake", "PUT", status));
        tally.add(ApiRequest.of(null, "POST", "/api/v1/namespaces/ns/events"));

        // then
        assertThat(tally.writes("controller")).isEqualTo(2);
        assertThat(tally.verb("controller", "get")).isEqualTo(1);
        assertThat(tally.writes("")).isEqualTo(1);
        assertThat(tally.byVerb("controller")).isEqualTo(Map.of("update", 2, "get", 1));
        assertThat(tally.byKind("controller", ApiRequest::write))
                .isEqualTo(Map.of("update bluegreen.dev/flinkbluegreendeployments/status", 2));
    }
}
