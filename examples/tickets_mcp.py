"""A ticket tracker's MCP server as such servers are written: `MCPServer` (FastMCP in
mcp 1.x) tools generated from typed functions. Lint its tools without starting it:

    schema-lint check --python examples.tickets_mcp:mcp
"""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

mcp = MCPServer("tickets")


class Ticket(BaseModel):
    id: str
    title: str
    state: Literal["open", "closed"]


@mcp.tool()
def create_ticket(
    title: Annotated[str, Field(description="Short summary.", max_length=120)],
    priority: Annotated[Literal["low", "normal", "high"], Field(description="How urgent.")],
) -> Ticket:
    """Open a ticket."""
    return Ticket(id="T-1", title=title, state="open")


@mcp.tool(annotations=ToolAnnotations(read_only_hint=True))
def delete_ticket(ticket_id: Annotated[str, Field(description="The ticket's id.")]) -> str:
    """Delete a ticket for good."""
    return "deleted"


if __name__ == "__main__":
    mcp.run()
