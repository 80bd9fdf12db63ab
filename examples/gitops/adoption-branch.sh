#!/usr/bin/env bash
# Commits the files `aria-reconcile --adopt DIR` wrote to a new branch and pushes it to origin, for
# the adoption pull request of aria-drift.yml (copy both: this one to .github/aria-adoption-branch.sh).
# Prints the branch's name; prints nothing, and changes nothing, when DIR holds no new or changed file.
#
# Usage: adoption-branch.sh DIR BRANCH
set -euo pipefail

dir="${1:?usage: adoption-branch.sh DIR BRANCH}"
branch="${2:?usage: adoption-branch.sh DIR BRANCH}"

if [ -z "$(git status --porcelain -- "$dir")" ]; then
  exit 0
fi
git switch --quiet -c "$branch"
git add -- "$dir"
git -c user.name="${GIT_COMMITTER_NAME:-github-actions[bot]}" \
  -c user.email="${GIT_COMMITTER_EMAIL:-41898282+github-actions[bot]@users.noreply.github.com}" \
  commit --quiet -m "Adopt the Aria endpoints no stack declares" \
  -m "Written by aria-reconcile --adopt: apply as $dir/README.md says, filling in the secrets it names."
git push --quiet origin "$branch"
echo "$branch"
