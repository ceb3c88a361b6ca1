package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.operator.internal.spec.RouteSpecs;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;

import java.util.List;

/**
 * The checks of the parent HTTPRoute ({@code spec.httpRoute}): its fields, through
 * bluegreen-ingress's validation (which names the field), and whether the cluster has the Gateway
 * API at all.
 */
public final class RouteChecks {
    private RouteChecks() {}

    /** Adds the problems of {@code spec.httpRoute} (none when it is not set). */
    static void fields(FlinkBlueGreenDeploymentSpec spec, List<SpecProblem> problems) {
        if (spec.getHttpRoute() == null) {
            return;
        }
        try {
            RouteSpecs.read(spec.getHttpRoute());
        } catch (IllegalArgumentException e) {
            problems.add(SpecProblem.fromMessage(e.getMessage(), RouteSpecs.FIELD));
        }
    }

    /**
     * The problem of a parent that asks for an HTTPRoute on a cluster without the Gateway API's
     * HTTPRoute CRD, or {@code null} when there is none.
     *
     * @param spec the parent's spec, or {@code null}
     * @param gatewayApi whether the CRD was installed when the controller started
     */
    public static SpecProblem gatewayApiMissing(
            FlinkBlueGreenDeploymentSpec spec, boolean gatewayApi) {
        if (gatewayApi || spec == null || spec.getHttpRoute() == null) {
            return null;
        }
        return new SpecProblem(
                RouteSpecs.FIELD,
                "the Gateway API is not installed: no CustomResourceDefinition"
                        + " httproutes.gateway.networking.k8s.io when the controller started;"
                        + " install the Gateway API CRDs (v1) and restart the controller, or use"
                        + " spec.ingress");
    }
}
