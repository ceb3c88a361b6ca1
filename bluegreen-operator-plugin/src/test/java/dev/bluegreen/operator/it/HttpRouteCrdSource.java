package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.gatewayapi.v1.HTTPRoute;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * The input of the build's second CRD generation (bluegreen-operator-plugin/pom.xml, execution
 * {@code gateway-api-httproute-for-tests}): fabric8's Gateway API {@code HTTPRoute} model, whose
 * schema becomes {@code META-INF/gateway-api/httproutes.gateway.networking.k8s.io-v1.yml} in the
 * test classes ({@link EmbeddedApi#installHttpRouteCrd}). A subclass only because the generator
 * reads the annotations of a class whose constructor sets metadata (a {@code CustomResource}'s
 * does; the model class leaves it null). Never used at run time.
 */
@Group("gateway.networking.k8s.io")
@Version("v1")
@Kind("HTTPRoute")
@Plural("httproutes")
@Singular("httproute")
public class HttpRouteCrdSource extends HTTPRoute {
    private static final long serialVersionUID = 1L;

    public HttpRouteCrdSource() {
        setMetadata(new ObjectMeta());
    }
}
