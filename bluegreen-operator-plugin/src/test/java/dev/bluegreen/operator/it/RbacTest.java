package dev.bluegreen.operator.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The request-to-access mapping and the rules of docs/deploy/rbac.yaml. */
class RbacTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "GET, /apis/flink.apache.org/v1beta1/namespaces/ns/flinkdeployments/a, get, flink.apache.org, flinkdeployments",
        "GET, /apis/flink.apache.org/v1beta1/flinkdeployments?watch=true&labelSelector=x, watch, flink.apache.org, flinkdeployments",
        "GET, /apis/networking.k8s.io/v1/namespaces/ns/ingresses, list, networking.k8s.io, ingresses",
        "PUT, /apis/bluegreen.dev/v1alpha1/namespaces/ns/flinkbluegreendeployments/a/status, update, bluegreen.dev, flinkbluegreendeployments/status",
        "POST, /api/v1/namespaces/ns/events, create, '', events",
        "DELETE, /apis/flink.apache.org/v1beta1/namespaces/ns/flinkstatesnapshots?labelSelector=x, deletecollection, flink.apache.org, flinkstatesnapshots",
        "GET, /api/v1/namespaces/other, get, '', namespaces",
        "GET, /api/v1/namespaces, list, '', namespaces",
        "GET, /api?timeout=32s, get, nonResource, /api",
        "GET, /api/v1, get, nonResource, /api/v1",
        "GET, /openapi/v3/apis/bluegreen.dev/v1alpha1, get, nonResource, /openapi/v3/apis/bluegreen.dev/v1alpha1",
    })
    void requestsMapToTheAccessTheAuthorizerChecks(
            String method, String path, String verb, String group, String resource) {
        assertThat(Rbac.access(method, path)).isEqualTo(new Rbac.Access(verb, group, resource));
    }

    @Test
    void theControllersWritesAreAllowed() {
        Rbac rbac = Rbac.fromProject();

        assertThat(rbac.allows(new Rbac.Access("update", "flink.apache.org", "flinkdeployments")))
                .isTrue();
        assertThat(
                        rbac.allows(
                                new Rbac.Access(
                                        "get", "nonResource", "/apis/flink.apache.org/v1beta1")))
                .isTrue();
    }

    @Test
    void discoveryIsOpenButOtherNonResourcePathsAreNot() {
        Rbac rbac = Rbac.fromProject();

        assertThat(rbac.allows(Rbac.access("GET", "/api"))).isTrue();
        assertThat(rbac.allows(Rbac.access("GET", "/openapi/v2?timeout=32s"))).isTrue();
        assertThat(rbac.allows(Rbac.access("GET", "/metrics"))).isFalse();
        assertThat(rbac.allows(Rbac.access("POST", "/openapi/v2"))).isFalse();
    }

    @Test
    void anythingElseIsDenied() {
        Rbac rbac = Rbac.fromProject();

        assertThat(rbac.allows(new Rbac.Access("patch", "flink.apache.org", "flinkstatesnapshots")))
                .isFalse();
        assertThat(
                        rbac.allows(
                                new Rbac.Access(
                                        "update", "flink.apache.org", "flinkdeployments/status")))
                .isFalse();
        assertThat(rbac.allows(new Rbac.Access("get", "", "secrets"))).isFalse();
        assertThatThrownBy(
                        () ->
                                rbac.assertAllows(
                                        List.of(
                                                new Harness.Call(
                                                        "c",
                                                        "PATCH",
                                                        "/apis/flink.apache.org/v1beta1/namespaces/ns/flinkstatesnapshots/a"))))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("patch flink.apache.org/flinkstatesnapshots");
    }
}
