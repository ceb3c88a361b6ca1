package dev.bluegreen.operator.internal.pipeline;

import java.net.URI;

/**
 * Where a child's JobManager REST API is: the public {@code RestEndpoints} of the controller, as
 * the pipeline sees it.
 */
@FunctionalInterface
public interface JobEndpoints {
    /**
     * The base URI of the REST API of one child.
     *
     * @param namespace the child's namespace
     * @param child the child FlinkDeployment's name
     * @param port the child's {@code rest.port}
     */
    URI resolve(String namespace, String child, int port);
}
