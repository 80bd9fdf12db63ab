"""Every kind of the Python SDK with a secret in every place one can go, for the canary sweep
(secrets-canary.test.ts): a typed endpoint's secret input, an endpoint's secret_properties, a
password among an endpoint's plain properties (from the environment, as a literal would be), a
deployment resource's properties at depth, and the lookups that give them back. Each secret is a
canary the test looks for in clear everywhere afterwards.
"""

import os

import pulumi
import pulumi_aria as aria

config = pulumi.Config()
project = "Platform"
url = "https://jenkins.example.com"

jenkins = aria.JenkinsEndpoint(
    "jenkins",
    name="py-jenkins",
    project=project,
    description=config.require("description"),
    url=url,
    username="ci",
    password=config.require_secret("jenkinsPassword"),
)

git = aria.GitEndpoint(
    "git",
    name="py-git",
    project=project,
    server_type="GitHub",
    repo_url="https://github.com/example/app",
    branch="main",
    auth_type="privateToken",
    private_token=config.require_secret("gitToken"),
)

generic = aria.Endpoint(
    "generic",
    name="py-generic",
    type="jenkins",
    project=project,
    properties={"url": url, "username": "bot"},
    secret_properties={"password": config.require_secret("genericPassword")},
)

# A new user's mistake: the password among the plain properties (check moves it to secretProperties).
plain = aria.Endpoint(
    "plain",
    name="py-plain",
    type="jenkins",
    project=project,
    properties={"url": url, "username": "bot", "password": os.environ.get("ARIA_CANARY_PLAIN_PASSWORD", "")},
)

thing = aria.DeploymentResource(
    "thing",
    name="py-thing",
    type="Custom.Canary.Python",
    properties={
        "size": "small",
        "password": config.require_secret("thingPassword"),
        "credentials": {"apiToken": config.require_secret("thingApiToken")},
    },
    poll_interval_max_seconds=0.5,
)

by_id = aria.get_resource_output(id=thing.id)
by_type = aria.get_resources_output(resource_types=[thing.type])
found = aria.get_endpoint_output(id=jenkins.id)

pulumi.export("ids", pulumi.Output.all(jenkins.id, git.id, generic.id, plain.id, thing.id))
pulumi.export("genericSecretProperties", generic.secret_properties)
pulumi.export("plainProperties", plain.properties)
pulumi.export("plainSecretProperties", plain.secret_properties)
pulumi.export("thingProperties", thing.properties)
pulumi.export("lookedUpProperties", by_id.properties)
# `resources` of an Output is the Output's own method (the resources it depends on), not the result's
# field: read the field with apply.
pulumi.export("listed", by_type.apply(lambda result: result.resources))
pulumi.export("foundProperties", found.properties)
