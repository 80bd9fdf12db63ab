"""Quickstart in Python: the pipeline endpoints a team's pipelines need and a deployment resource,
declared with the Python SDK of the `aria` provider plugin (pulumi_aria).

- a Jenkins server (typed resource), its password a secret from the stack configuration;
- a Git repository (typed resource) reached with a private token (a secret);
- a second Jenkins endpoint for release jobs, declared with the generic Endpoint resource, which
  takes any endpoint type the server knows, properties by name;
- a deployment resource (a custom resource type in a new deployment);
- a lookup of the Jenkins endpoint by id, as another stack would read it.

The plugin is configured with `aria:url` and `aria:refreshToken` (see the README).
"""

import pulumi
import pulumi_aria as aria

config = pulumi.Config()
# Project of the endpoints; unset: the server's default project.
project = config.get("project")
jenkins_url = config.require("jenkinsUrl")
jenkins_user = config.get("jenkinsUser") or "pulumi"
jenkins_password = config.require_secret("jenkinsPassword")
git_repo_url = config.require("gitRepoUrl")
git_token = config.require_secret("gitToken")

# Endpoint names are unique within a project: prefixing them with the stack name lets dev and prod
# stacks share a project.
prefix = pulumi.get_stack()

jenkins = aria.JenkinsEndpoint(
    "jenkins",
    name=f"{prefix}-jenkins",
    project=project,
    description="CI server, managed by Pulumi",
    url=jenkins_url,
    username=jenkins_user,
    password=jenkins_password,
    folder_path="pipelines",
    poll_interval=15,
    retry_count=3,
    retry_wait_seconds=10,
)

repo = aria.GitEndpoint(
    "repo",
    name=f"{prefix}-app-repo",
    project=project,
    description="Application repository, managed by Pulumi",
    server_type="GitHub",
    repo_url=git_repo_url,
    branch="main",
    auth_type="privateToken",
    private_token=git_token,
)

# The generic resource: the type is a tile id of the server (aria.get_endpoint_tiles() lists them),
# `properties` hold the plain values and `secret_properties` the secret ones.
release = aria.Endpoint(
    "release-jenkins",
    name=f"{prefix}-release-jenkins",
    type="jenkins",
    project=project,
    description="Release jobs, managed by Pulumi",
    properties={"url": jenkins_url, "username": jenkins_user, "folderPath": "release"},
    secret_properties={"password": jenkins_password},
)

# A resource of a deployment (a custom type here; a vSphere machine takes its own properties).
# Unset deployment_id: the server makes a deployment for it.
app_config = aria.DeploymentResource(
    "app-config",
    name=f"{prefix}-app-config",
    type="Custom.Quickstart.AppConfig",
    properties={"environment": prefix, "replicas": 2},
    poll_interval_max_seconds=2,
)

# Look the Jenkins endpoint up by id, as a stack that only consumes it would. It runs once the
# endpoint exists (its input is the resource's output), and at every preview and update.
found = aria.get_endpoint_output(id=jenkins.id)

# Whether an endpoint and a deployment resource are on the server, by id, without managing or
# importing them: false for an id the server does not have, an error when it cannot say (refused
# credentials, a server error). The config's `checkEndpointId` and `checkResourceId` name others
# than this stack's own.
endpoint_exists = aria.Endpoint.exists(config.get("checkEndpointId") or jenkins.id)
resource_exists = aria.DeploymentResource.exists(config.get("checkResourceId") or app_config.id)

pulumi.export("endpointProject", jenkins.project)
pulumi.export("jenkinsEndpointId", jenkins.id)
pulumi.export("gitEndpointId", repo.id)
pulumi.export("releaseEndpointId", release.id)
pulumi.export("appConfigResourceId", app_config.id)
pulumi.export("appConfigDeploymentId", app_config.deployment_id)
pulumi.export("lookedUpName", found.name)
pulumi.export("lookedUpType", found.type)
pulumi.export("lookedUpUrl", found.properties.apply(lambda properties: properties.get("url")))
pulumi.export("endpointExists", endpoint_exists)
pulumi.export("resourceExists", resource_exists)
