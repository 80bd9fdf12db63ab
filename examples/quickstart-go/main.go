// Quickstart in Go: the pipeline endpoints a team's pipelines need and a deployment resource, declared
// with the Go SDK of the `aria` provider plugin (github.com/pulumi-aria/pulumi-aria/sdk/go/aria).
//
//   - a Jenkins server (typed resource), its password a secret from the stack configuration;
//   - a Git repository (typed resource) reached with a private token (a secret);
//   - a second Jenkins endpoint for release jobs, declared with the generic Endpoint resource, which
//     takes any endpoint type the server knows, properties by name;
//   - a deployment resource (a custom resource type in a new deployment);
//   - a lookup of the Jenkins endpoint by id, as another stack would read it.
//
// The plugin is configured with `aria:url` and `aria:refreshToken` (see the README).
package main

import (
	"github.com/pulumi-aria/pulumi-aria/sdk/go/aria"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// Project of the endpoints; unset: the server's default project.
		var project pulumi.StringPtrInput
		if p := cfg.Get("project"); p != "" {
			project = pulumi.String(p)
		}
		jenkinsUrl := cfg.Require("jenkinsUrl")
		jenkinsUser := cfg.Get("jenkinsUser")
		if jenkinsUser == "" {
			jenkinsUser = "pulumi"
		}
		jenkinsPassword := cfg.RequireSecret("jenkinsPassword")
		gitRepoUrl := cfg.Require("gitRepoUrl")
		gitToken := cfg.RequireSecret("gitToken")

		// Endpoint names are unique within a project: prefixing them with the stack name lets dev
		// and prod stacks share a project.
		prefix := ctx.Stack()

		jenkins, err := aria.NewJenkinsEndpoint(ctx, "jenkins", &aria.JenkinsEndpointArgs{
			Name:             pulumi.String(prefix + "-jenkins"),
			Project:          project,
			Description:      pulumi.String("CI server, managed by Pulumi"),
			Url:              pulumi.String(jenkinsUrl),
			Username:         pulumi.String(jenkinsUser),
			Password:         jenkinsPassword,
			FolderPath:       pulumi.String("pipelines"),
			PollInterval:     pulumi.Float64(15),
			RetryCount:       pulumi.Float64(3),
			RetryWaitSeconds: pulumi.Float64(10),
		})
		if err != nil {
			return err
		}

		repo, err := aria.NewGitEndpoint(ctx, "repo", &aria.GitEndpointArgs{
			Name:         pulumi.String(prefix + "-app-repo"),
			Project:      project,
			Description:  pulumi.String("Application repository, managed by Pulumi"),
			ServerType:   pulumi.String("GitHub"),
			RepoURL:      pulumi.String(gitRepoUrl),
			Branch:       pulumi.String("main"),
			AuthType:     pulumi.String("privateToken"),
			PrivateToken: gitToken,
		})
		if err != nil {
			return err
		}

		// The generic resource: the type is a tile id of the server (aria.GetEndpointTiles lists
		// them), Properties hold the plain values and SecretProperties the secret ones.
		release, err := aria.NewEndpoint(ctx, "release-jenkins", &aria.EndpointArgs{
			Name:        pulumi.String(prefix + "-release-jenkins"),
			Type:        pulumi.String("jenkins"),
			Project:     project,
			Description: pulumi.String("Release jobs, managed by Pulumi"),
			Properties: pulumi.Map{
				"url":        pulumi.String(jenkinsUrl),
				"username":   pulumi.String(jenkinsUser),
				"folderPath": pulumi.String("release"),
			},
			SecretProperties: pulumi.Map{"password": jenkinsPassword},
		})
		if err != nil {
			return err
		}

		// A resource of a deployment (a custom type here; a vSphere machine takes its own
		// properties). Unset DeploymentId: the server makes a deployment for it.
		appConfig, err := aria.NewDeploymentResource(ctx, "app-config", &aria.DeploymentResourceArgs{
			Name: pulumi.String(prefix + "-app-config"),
			Type: pulumi.String("Custom.Quickstart.AppConfig"),
			Properties: pulumi.Map{
				"environment": pulumi.String(prefix),
				"replicas":    pulumi.Int(2),
			},
			PollIntervalMaxSeconds: pulumi.Float64(2),
		})
		if err != nil {
			return err
		}

		// Look the Jenkins endpoint up by id, as a stack that only consumes it would. It runs once
		// the endpoint exists (its input is the resource's output), and at every preview and update.
		found := aria.LookupEndpointOutput(ctx, aria.LookupEndpointOutputArgs{Id: jenkins.ID().ToStringPtrOutput()})

		// Whether an endpoint and a deployment resource are on the server, by id, without managing or
		// importing them: false for an id the server does not have, an error when it cannot say
		// (refused credentials, a server error). The config's checkEndpointId and checkResourceId
		// name others than this stack's own.
		endpointId := jenkins.ID().ToStringOutput()
		if id := cfg.Get("checkEndpointId"); id != "" {
			endpointId = pulumi.String(id).ToStringOutput()
		}
		resourceId := appConfig.ID().ToStringOutput()
		if id := cfg.Get("checkResourceId"); id != "" {
			resourceId = pulumi.String(id).ToStringOutput()
		}
		endpointExists := aria.EndpointExists(ctx, endpointId, nil)
		resourceExists := aria.DeploymentResourceExists(ctx, resourceId, nil)

		ctx.Export("endpointProject", jenkins.Project)
		ctx.Export("jenkinsEndpointId", jenkins.ID())
		ctx.Export("gitEndpointId", repo.ID())
		ctx.Export("releaseEndpointId", release.ID())
		ctx.Export("appConfigResourceId", appConfig.ID())
		ctx.Export("appConfigDeploymentId", appConfig.DeploymentId)
		ctx.Export("lookedUpName", found.Name())
		ctx.Export("lookedUpType", found.Type())
		ctx.Export("lookedUpUrl", found.Properties().MapIndex(pulumi.String("url")))
		ctx.Export("endpointExists", endpointExists)
		ctx.Export("resourceExists", resourceExists)
		return nil
	})
}
