package dev.bluegreen.operator.controller;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RestEndpointsTest {

    @Test
    void inClusterIsTheUpstreamRestServiceOfTheChild() {
        assertThat(RestEndpoints.inCluster().resolve("shop", "orders-green", 8081))
                .hasToString("http://orders-green-rest.shop.svc:8081");
    }

    @Test
    void aTemplateFillsNamespaceChildAndPort() {
        var proxy =
                RestEndpoints.template(
                        "http://localhost:8001/api/v1/namespaces/{namespace}/services/"
                                + "{child}-rest:{port}/proxy");

        assertThat(proxy.resolve("shop", "orders-blue", 8090))
                .hasToString(
                        "http://localhost:8001/api/v1/namespaces/shop/services/"
                                + "orders-blue-rest:8090/proxy");
    }

    @Test
    void aTemplateWithoutTheChildIsRefusedBecauseAllChildrenWouldShareOneUri() {
        assertThatThrownBy(() -> RestEndpoints.template("http://jobmanager:8081"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("{child}");
    }

    @Test
    void aTemplateThatIsNotAnHttpUriIsRefusedNamingTheTemplate() {
        assertThatThrownBy(() -> RestEndpoints.template("ftp://{child}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ftp://{child}");
        assertThatThrownBy(() -> RestEndpoints.template("http://{child} rest"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not make a URI");
    }
}
