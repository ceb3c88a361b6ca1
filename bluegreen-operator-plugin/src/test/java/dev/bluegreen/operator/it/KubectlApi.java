package dev.bluegreen.operator.it;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIGroupBuilder;
import io.fabric8.kubernetes.api.model.APIGroupListBuilder;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceBuilder;
import io.fabric8.kubernetes.api.model.APIResourceListBuilder;
import io.fabric8.kubernetes.api.model.APIVersionsBuilder;
import io.fabric8.kubernetes.api.model.EventList;
import io.fabric8.kubernetes.api.model.GroupVersionForDiscovery;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ServerAddressByClientCIDRBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionList;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The embedded API (fabric8's mock server in CRUD mode) plus the API discovery documents that
 * {@code kubectl} reads before it resolves a resource name, which the CRUD mode does not serve (it
 * answers {@code /api} and {@code /apis} with a list of every stored object). Built like a real API
 * server's legacy discovery: {@code /api} and {@code /api/v1} for the core resources kubectl is
 * asked about (ConfigMaps, Events), {@code /apis}, {@code /apis/<group>} and {@code
 * /apis/<group>/<version>} from the CustomResourceDefinitions stored at the time of the request,
 * and the OpenAPI v3 documents kubectl reads before {@code apply} (see {@link KubectlOpenApi}).
 * Lists of Events filtered by {@code involvedObject.*} field selectors are answered as a real
 * server does. Everything else goes to the CRUD dispatcher.
 */
final class KubectlApi extends Dispatcher {
    private static final List<String> VERBS =
            List.of(
                    "create",
                    "delete",
                    "deletecollection",
                    "get",
                    "list",
                    "patch",
                    "update",
                    "watch");

    private static final KubernetesSerialization JSON = new KubernetesSerialization();

    /** A list of Events with one field selector on the involved object. */
    private static final Pattern EVENTS =
            Pattern.compile(
                    "(/api/v1/namespaces/[^/?]+/events)\\?(?:.*&)?fieldSelector=(involvedObject\\.[^&]+)(?:&.*)?");

    private final KubernetesCrudDispatcher crud = new KubernetesCrudDispatcher();

    private KubectlApi() {}

    /** Starts a mock server (HTTPS, CRUD mode) that also serves discovery. */
    static KubernetesMockServer start() {
        var server =
                new KubernetesMockServer(
                        new Context(),
                        new MockWebServer(),
                        new HashMap<>(),
                        new KubectlApi(),
                        false);
        server.init();
        return server;
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
        String path = request.getPath().replaceFirst("\\?.*", "");
        if ("GET".equals(request.getMethod())) {
            Optional<Object> document = discovery(path);
            if (document.isPresent()) {
                return new MockResponse()
                        .setResponseCode(200)
                        .setHeader("Content-Type", "application/json")
                        .setBody(JSON.asJson(document.get()));
            }
        }
        if ("GET".equals(request.getMethod()) && EVENTS.matcher(request.getPath()).matches()) {
            return events(request.getPath());
        }
        return crud.dispatch(request);
    }

    /**
     * Lists Events with a field selector on {@code involvedObject.*} as a real API server does (the
     * CRUD mode matches no object for a field selector on a nested field).
     */
    private MockResponse events(String pathAndQuery) {
        var matcher = EVENTS.matcher(pathAndQuery);
        matcher.matches();
        String[] selector =
                URLDecoder.decode(matcher.group(2), StandardCharsets.UTF_8).split("=", 2);
        String field = selector[0].substring("involvedObject.".length());
        MockResponse all = crud.handleGet(matcher.group(1));
        var list = JSON.unmarshal(all.getBody().readUtf8(), EventList.class);
        list.setItems(
                list.getItems().stream()
                        .filter(e -> selector[1].equals(involved(e.getInvolvedObject(), field)))
                        .toList());
        return new MockResponse()
                .setResponseCode(200)
                .setHeader("Content-Type", "application/json")
                .setBody(JSON.asJson(list));
    }

    private static String involved(ObjectReference object, String field) {
        return switch (field) {
            case "name" -> object.getName();
            case "namespace" -> object.getNamespace();
            case "uid" -> object.getUid();
            case "kind" -> object.getKind();
            default -> throw new IllegalArgumentException("field selector involvedObject." + field);
        };
    }

    private Optional<Object> discovery(String path) {
        switch (path) {
            case "/api":
                return Optional.of(
                        new APIVersionsBuilder()
                                .withVersions("v1")
                                .withServerAddressByClientCIDRs(
                                        new ServerAddressByClientCIDRBuilder()
                                                .withClientCIDR("0.0.0.0/0")
                                                .withServerAddress("localhost")
                                                .build())
                                .build());
            case "/api/v1":
                return Optional.of(
                        new APIResourceListBuilder()
                                .withGroupVersion("v1")
                                .withResources(
                                        core("configmaps", "ConfigMap", "cm"),
                                        core("events", "Event", "ev"))
                                .build());
            case "/apis":
                return Optional.of(new APIGroupListBuilder().withGroups(groups()).build());
            case "/openapi/v3":
                return Optional.of(KubectlOpenApi.root(groups()));
            default:
                String[] parts = path.split("/");
                if (parts.length == 6 && path.startsWith("/openapi/v3/apis/")) {
                    return KubectlOpenApi.groupVersion(crds(), parts[4], parts[5]);
                }
                if (parts.length == 3 && parts[1].equals("apis")) {
                    return groups().stream()
                            .filter(g -> g.getName().equals(parts[2]))
                            .findFirst()
                            .map(g -> g);
                }
                if (parts.length == 4 && parts[1].equals("apis")) {
                    return resources(parts[2], parts[3]);
                }
                return Optional.empty();
        }
    }

    private List<APIGroup> groups() {
        Map<String, List<GroupVersionForDiscovery>> versions = new LinkedHashMap<>();
        for (var crd : crds()) {
            for (var version : crd.getSpec().getVersions()) {
                var groupVersion = new GroupVersionForDiscovery();
                groupVersion.setGroupVersion(crd.getSpec().getGroup() + "/" + version.getName());
                groupVersion.setVersion(version.getName());
                var known =
                        versions.computeIfAbsent(crd.getSpec().getGroup(), g -> new ArrayList<>());
                if (!known.contains(groupVersion)) {
                    known.add(groupVersion);
                }
            }
        }
        List<APIGroup> groups = new ArrayList<>();
        versions.forEach(
                (group, list) ->
                        groups.add(
                                new APIGroupBuilder()
                                        .withName(group)
                                        .withVersions(list)
                                        .withPreferredVersion(list.get(0))
                                        .build()));
        return groups;
    }

    private Optional<Object> resources(String group, String version) {
        List<APIResource> resources = new ArrayList<>();
        for (var crd : crds()) {
            var spec = crd.getSpec();
            spec.getVersions().stream()
                    .filter(v -> spec.getGroup().equals(group) && v.getName().equals(version))
                    .findFirst()
                    .ifPresent(v -> resources.addAll(resources(crd, v)));
        }
        if (resources.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                new APIResourceListBuilder()
                        .withGroupVersion(group + "/" + version)
                        .withResources(resources)
                        .build());
    }

    private static List<APIResource> resources(
            CustomResourceDefinition crd, CustomResourceDefinitionVersion version) {
        var names = crd.getSpec().getNames();
        boolean namespaced = "Namespaced".equals(crd.getSpec().getScope());
        List<APIResource> resources = new ArrayList<>();
        resources.add(
                new APIResourceBuilder()
                        .withName(names.getPlural())
                        .withSingularName(names.getSingular())
                        .withNamespaced(namespaced)
                        .withKind(names.getKind())
                        .withVerbs(VERBS)
                        .withShortNames(names.getShortNames())
                        .withCategories(names.getCategories())
                        .build());
        if (version.getSubresources() != null && version.getSubresources().getStatus() != null) {
            resources.add(
                    new APIResourceBuilder()
                            .withName(names.getPlural() + "/status")
                            .withNamespaced(namespaced)
                            .withKind(names.getKind())
                            .withVerbs("get", "patch", "update")
                            .build());
        }
        return resources;
    }

    private static APIResource core(String plural, String kind, String shortName) {
        return new APIResourceBuilder()
                .withName(plural)
                .withSingularName(kind.toLowerCase(java.util.Locale.ROOT))
                .withNamespaced(true)
                .withKind(kind)
                .withVerbs(VERBS)
                .withShortNames(shortName)
                .build();
    }

    private List<CustomResourceDefinition> crds() {
        MockResponse list =
                crud.handleGet("/apis/apiextensions.k8s.io/v1/customresourcedefinitions");
        if (list.code() != 200) {
            return List.of();
        }
        return JSON.unmarshal(list.getBody().readUtf8(), CustomResourceDefinitionList.class)
                .getItems();
    }
}
