package dev.bluegreen.operator.resource;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * A blue/green deployment of one Flink application: {@code bluegreen.dev/v1alpha1
 * FlinkBlueGreenDeployment}, short name {@code fbgd}. Its spec has the shape of the upstream
 * operator's {@code flink.apache.org} FlinkBlueGreenDeployment, so an upstream manifest works after
 * changing only its apiVersion. It lives in its own API group so it can run beside operator 1.14+,
 * whose built-in controller owns the {@code flink.apache.org} kind.
 *
 * <p>Every class of the resource reads leniently: unknown fields are ignored and enum-valued fields
 * keep the text written, so that one resource that does not match these classes (written by another
 * controller version, by hand, or without the CRD's schema) never stops the informer of every
 * resource. See docs/operations.md, "Objects the controller cannot read".
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Group(FlinkBlueGreenDeployment.GROUP)
@Version(FlinkBlueGreenDeployment.VERSION)
@Kind(FlinkBlueGreenDeployment.KIND)
@Plural("flinkbluegreendeployments")
@Singular("flinkbluegreendeployment")
@ShortNames("fbgd")
@AdditionalPrinterColumn(
        name = "State",
        jsonPath = ".status.state",
        type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
        name = "Active",
        jsonPath = ".status.activeColor",
        type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
        name = "Job Status",
        jsonPath = ".status.jobStatus.state",
        type = AdditionalPrinterColumn.Type.STRING)
@AdditionalPrinterColumn(
        name = "Age",
        jsonPath = ".metadata.creationTimestamp",
        type = AdditionalPrinterColumn.Type.DATE)
public class FlinkBlueGreenDeployment
        extends CustomResource<FlinkBlueGreenDeploymentSpec, FlinkBlueGreenDeploymentStatus>
        implements Namespaced {

    /** The API group. */
    public static final String GROUP = "bluegreen.dev";

    /** The API version within the group. */
    public static final String VERSION = "v1alpha1";

    /** The kind. */
    public static final String KIND = "FlinkBlueGreenDeployment";
}
